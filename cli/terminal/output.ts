import { styleText } from "node:util";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import type { CommandResult } from "../command.js";
import type { CommandContext } from "../context.js";
import { errorText, localizedError, say } from "./language.js";
import type { CliMessageKey } from "./messages-en.js";
import { printable, printableJson } from "./printable.js";
import { problemText } from "./problem-words-zh-cn.js";

/**
 * Results go to stdout: one JSON document under --json, the text otherwise. Both pass the terminal
 * sanitizer (printable.ts), as does everything status, warn and printError write.
 */
export function printResult(ctx: CommandContext, result: CommandResult): void {
  if (ctx.json) ctx.stdout.write(printableJson(JSON.stringify(result.data, null, 2)) + "\n");
  else if (result.text !== undefined && result.text !== "") {
    const text = printable(result.text);
    ctx.stdout.write(text.endsWith("\n") ? text : text + "\n");
  }
}

/** Progress and notices go to stderr, never stdout. */
export function status(ctx: CommandContext, message: string): void {
  ctx.stderr.write(printable(message) + "\n");
}

export function warn(ctx: CommandContext, message: string): void {
  ctx.stderr.write(paint(ctx, "yellow", say("output.warning")) + printable(message) + "\n");
}

/** Colour only for a person at a terminal; styleText honours NO_COLOR / FORCE_COLOR. */
export function paint(ctx: CommandContext, format: Parameters<typeof styleText>[0], text: string): string {
  if (!ctx.stderr.isTTY || ctx.env.NO_COLOR) return text;
  return styleText(format, text);
}

/** The one place errors become output and an exit code. */
export function printError(ctx: CommandContext, error: unknown): number {
  error = fromSystemError(ctx, error) ?? error;
  if (isConnectoryError(error)) {
    const exit = error.usage ? 2 : 1;
    if (ctx.json) {
      ctx.stdout.write(
        printableJson(
          JSON.stringify(
            {
              error: { code: error.code, message: error.message, hint: error.hint, problems: error.problems },
            },
            null,
            2,
          ),
        ) + "\n",
      );
    }
    // An error may quote a server's or a registry's words: sanitized like every other output. The text
    // is in the run's language; the JSON above keeps the English message and hint.
    const text = errorText(error);
    ctx.stderr.write(paint(ctx, "red", say("output.error")) + printable(text.message) + "\n");
    for (const p of error.problems ?? []) {
      const [first, ...more] = problemText(p);
      ctx.stderr.write(
        printable(
          [
            `  ${p.severity} ${p.code} ${p.file}${p.path ? ` ${p.path}` : ""}: ${first}`,
            ...more.map((l) => `    ${l}`),
          ].join("\n"),
        ) + "\n",
      );
    }
    if (text.hint) ctx.stderr.write(`  ${printable(text.hint)}\n`);
    return exit;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (ctx.json)
    ctx.stdout.write(
      printableJson(JSON.stringify({ error: { code: "internal", message: String(error) } })) + "\n",
    );
  ctx.stderr.write(`${say("output.bug", { version: ctx.version })}\n${printable(message)}\n`);
  return 1;
}

// What the file system refused, in words: a home that is a file, a folder without write permission or
// a full disk is the user's to fix, not "a bug in connectory".
const SYSTEM_ERRORS: Record<string, CliMessageKey> = {
  ENOTDIR: "fs.enotdir",
  EEXIST: "fs.eexist",
  EISDIR: "fs.eisdir",
  EACCES: "fs.eacces",
  EPERM: "fs.eperm",
  EROFS: "fs.erofs",
  ENOSPC: "fs.enospc",
  EDQUOT: "fs.edquot",
};

function fromSystemError(ctx: CommandContext, error: unknown): ConnectoryError | undefined {
  const e = error as NodeJS.ErrnoException | undefined;
  const why = typeof e?.code === "string" ? SYSTEM_ERRORS[e.code] : undefined;
  if (!why || typeof e?.path !== "string") return undefined;
  return localizedError(
    `fs.${e.code!.toLowerCase()}`,
    { key: why, params: { syscall: e.syscall ?? "use", path: e.path } },
    { key: "fs.hint", params: { home: ctx.home } },
  );
}
