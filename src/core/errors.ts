import type { Problem } from "./types.js";

/**
 * Every expected failure is a ConnectoryError with a stable code. It is translated once at the edge:
 * HTTP turns it into problem+json with `status`, the CLI into an exit code, the message and `hint`.
 */
export class ConnectoryError extends Error {
  readonly code: string;
  /** What the user should do next. */
  readonly hint: string | undefined;
  /** HTTP status at the registry edge (400 unless set). */
  readonly status: number;
  /** Per-field problems (validation), shown as problem+json `errors` or a CLI list. */
  readonly problems: Problem[] | undefined;
  /** True when the user typed the command wrong: the CLI exits 2. */
  readonly usage: boolean;
  /**
   * The message and hint as keys of the CLI's message tables, for the edge to print in the user's
   * language (cli/terminal/language.ts); `message` and `hint` stay English for --json and the HTTP API.
   */
  readonly localized: { message?: LocalizedText; hint?: LocalizedText } | undefined;

  constructor(
    code: string,
    message: string,
    options: {
      hint?: string;
      status?: number;
      problems?: Problem[];
      usage?: boolean;
      cause?: unknown;
      localized?: { message?: LocalizedText; hint?: LocalizedText };
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ConnectoryError";
    this.code = code;
    this.hint = options.hint;
    this.status = options.status ?? 400;
    this.problems = options.problems;
    this.usage = options.usage ?? false;
    this.localized = options.localized;
  }
}

/** A message table key with its placeholder values. */
export interface LocalizedText {
  key: string;
  params?: Record<string, string | number>;
}

export function isConnectoryError(error: unknown): error is ConnectoryError {
  return error instanceof ConnectoryError;
}

/** A mistake in how a command was typed (exit 2). */
export function usageError(message: string, hint?: string): ConnectoryError {
  return new ConnectoryError("usage", message, { usage: true, ...(hint === undefined ? {} : { hint }) });
}
