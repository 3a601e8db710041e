import { printable } from "./printable.js";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "./language.js";
import type { CommandContext } from "../context.js";

type Input = CommandContext["stdin"] & { setRawMode?: (raw: boolean) => unknown };

/** One question for the person at the terminal. */
export interface PromptOptions {
  /** Shown before the answer, e.g. `Tushare token (TUSHARE_TOKEN): `. */
  message: string;
  /** Nothing is echoed while typing (secrets). */
  hidden?: boolean;
}

/** True when a person can answer a prompt: stdin is a terminal. */
export function canPrompt(ctx: Pick<CommandContext, "stdin">): boolean {
  return ctx.stdin.isTTY === true;
}

/**
 * Asks one question on stderr and reads one line from stdin. With `hidden`, the terminal is put in raw
 * mode so nothing is echoed (not even the length). Ctrl-C or end of input aborts with an error.
 */
export async function prompt(
  ctx: Pick<CommandContext, "stdin" | "stderr">,
  options: PromptOptions,
): Promise<string> {
  const input = ctx.stdin as Input;
  // The question may quote a token-schema title: sanitized like all output.
  ctx.stderr.write(printable(options.message));
  const raw = options.hidden === true && typeof input.setRawMode === "function";
  if (raw) input.setRawMode?.(true);
  try {
    return await readLine(input);
  } finally {
    if (raw) input.setRawMode?.(false);
    // Raw mode swallows the Enter echo: end the line ourselves so the next output starts clean.
    if (options.hidden) ctx.stderr.write("\n");
  }
}

// Characters read past the end of one answer (pasted or piped input), kept for the next prompt.
const leftovers = new WeakMap<Input, string>();

/** Reads characters up to Enter, handling backspace; Ctrl-C / Ctrl-D / end of input reject. */
function readLine(input: Input): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = "";
    let done = false;
    const finish = (error?: Error, rest = "") => {
      done = true;
      input.off("data", onData);
      input.off("end", onEnd);
      input.pause();
      if (rest !== "") leftovers.set(input, rest);
      if (error) reject(error);
      else resolve(line);
    };
    const onEnd = () => finish(aborted());
    const onData = (chunk: Buffer | string) => {
      const chars = [...chunk.toString()];
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i] as string;
        if (ch === "\r" || ch === "\n") {
          // A CRLF pair is one Enter.
          const skip = ch === "\r" && chars[i + 1] === "\n" ? 2 : 1;
          return finish(undefined, chars.slice(i + skip).join(""));
        }
        if (ch === "\u0003" || ch === "\u0004") return finish(aborted());
        if (ch === "\u007f" || ch === "\b") line = line.slice(0, -1);
        else line += ch;
      }
    };
    const pending = leftovers.get(input);
    leftovers.delete(input);
    if (pending !== undefined) onData(pending);
    if (done) return;
    if ((input as { readableEnded?: boolean }).readableEnded) return finish(aborted());
    input.on("data", onData);
    input.on("end", onEnd);
    input.resume();
  });
}

function aborted(): ConnectoryError {
  return localizedError("prompt.aborted", { key: "prompt.aborted" }, { key: "prompt.aborted-hint" });
}
