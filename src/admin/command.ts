/** What an operator command gets from its process: the environment, two output streams, the clock. */
export interface AdminContext {
  env: Record<string, string | undefined>;
  /** Results (a token, a table, one JSON document). */
  stdout(text: string): void;
  /** Status, progress and errors. */
  stderr(text: string): void;
  now(): Date;
  /** The registry's version (its package.json), for `--version`. */
  version: string;
  /**
   * Resolves with a signal's name (`SIGTERM`, `SIGINT`) once the operator asks the process to stop.
   * Only long-running commands (`serve`) call it; the process entry installs its handlers on the first call.
   */
  untilStopped(): Promise<string>;
}

/** One subcommand of `connectory-registry`: its arguments after the command name; resolves with the exit code. */
export type AdminRun = (args: string[], ctx: AdminContext) => Promise<number>;
