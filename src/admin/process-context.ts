import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AdminContext } from "./command.js";

/** The version in the nearest package.json above this file: the checkout's, or the installed package's. */
function packageVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
    if (path.dirname(dir) === dir) return "unknown";
  }
}

/**
 * The real process as an AdminContext. The first SIGTERM or SIGINT resolves `untilStopped()` (a graceful
 * shutdown); a second one while shutting down exits at once.
 */
export function processContext(): AdminContext {
  let stopped: Promise<string> | undefined;
  return {
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    now: () => new Date(),
    version: packageVersion(),
    untilStopped: () =>
      (stopped ??= new Promise((resolve) => {
        let asked = false;
        const onSignal = (signal: NodeJS.Signals) => {
          if (asked) {
            process.stderr.write(`${signal} again: exiting without waiting\n`);
            process.exit(1);
          }
          asked = true;
          resolve(signal);
        };
        process.on("SIGTERM", onSignal);
        process.on("SIGINT", onSignal);
      })),
  };
}

/**
 * Resolves once everything written to stdout and stderr has left the process. On a pipe whose reader is
 * slower than the command, Node queues what the pipe (64 KiB) cannot take yet, and `process.exit` drops
 * that queue: `check --json | jq` lost the end of the document. A write callback fires only after every
 * earlier write has been handed to the OS.
 */
export async function flushOutput(timeoutMs = 30_000): Promise<void> {
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      if (stream.destroyed || !stream.writable) return resolve();
      stream.write("", () => resolve());
    });
  // A reader that never reads (a stopped pager) must not keep the command alive forever.
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([Promise.all([flushed(process.stdout), flushed(process.stderr)]), giveUp]);
  clearTimeout(timer);
}
