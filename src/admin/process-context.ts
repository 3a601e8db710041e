import type { AdminContext } from "./command.js";

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
