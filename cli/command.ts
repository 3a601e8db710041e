import type { CommandContext } from "./context.js";

/** One option of a verb, as node:util parseArgs takes it plus what `--help` prints. */
export interface OptionDef {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** One line for `--help`: what it does, with its unit and its default when it has them. */
  description: string;
  /** The value's placeholder in `--help` (`ms`, `host`); string options only, default `value`. */
  value?: string;
}

/** A verb's options by long name. Every one must say what it does: `--help` prints it. */
export type OptionSpec = Record<string, OptionDef>;

/** Parsed argv for one command. `rest` is everything after a bare `--`. */
export interface CommandArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  rest: string[];
}

/**
 * What a command returns: `data` is printed as the one JSON document under `--json`, `text` otherwise.
 * A non-zero `exitCode` reports a failure that is not an exception (e.g. `validate` found errors).
 */
export interface CommandResult {
  data: unknown;
  text?: string;
  exitCode?: number;
}

/** One verb: each lives in cli/commands/<verb>.ts and default-exports this. */
export interface Command {
  usage: string;
  /** Longer help shown under `--help`. */
  description?: string;
  options?: OptionSpec;
  /** Range of positionals accepted; outside it is a usage error (exit 2). */
  positionals?: { min?: number; max?: number };
  /**
   * stdout carries a protocol (MCP for `run`, `mcp-server`): nothing else may be printed there, so
   * `--json` has no effect and errors go to stderr only.
   */
  protocolStdout?: boolean;
  /** Accepts a `--` followed by a command line (mcp add). */
  allowRest?: boolean;
  run(args: CommandArgs, ctx: CommandContext): Promise<CommandResult>;
}

/** Reads a string option that may be repeated (`--config A=1 --config B=2`). */
export function stringList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}
