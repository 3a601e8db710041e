import os from "node:os";
import path from "node:path";

/** Where output goes; a stream in production, a string buffer in tests. */
export interface Sink {
  write(text: string): unknown;
  /** True when a person is watching (progress bars, prompts, colour). */
  isTTY?: boolean;
  /** The terminal's width, when it is one (process.stdout has it on a TTY). */
  columns?: number;
}

/** The world a command runs in. Only cli/index.ts builds it from process; tests build their own. */
export interface CommandContext {
  cwd: string;
  /** $CONNECTORY_HOME, default ~/.connectory */
  home: string;
  env: Record<string, string | undefined>;
  stdout: Sink;
  stderr: Sink;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  fetch: typeof fetch;
  now: () => Date;
  /** `--json` was given: print exactly one JSON document on stdout. */
  json: boolean;
  /** The CLI's own version, for `--version` and bug reports. */
  version: string;
}

export function defaultHome(env: Record<string, string | undefined>): string {
  return env.CONNECTORY_HOME && env.CONNECTORY_HOME !== ""
    ? path.resolve(env.CONNECTORY_HOME)
    : path.join(os.homedir(), ".connectory");
}

/** A context for the real process. */
export function processContext(version: string): Omit<CommandContext, "json"> {
  return {
    cwd: process.cwd(),
    home: defaultHome(process.env),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    fetch: globalThis.fetch,
    now: () => new Date(),
    version,
  };
}
