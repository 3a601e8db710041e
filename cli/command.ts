import type { CommandContext } from "./context.js";

/**
 * What completion offers for a positional or an option's value: names read from the home
 * (cli/commands/complete.ts knows how), or, for an option, a fixed list of values.
 */
export type CompletionKind = "connector" | "server" | "server-or-connector" | "marketplace" | "shell";

/** One option of a verb: parsing (node:util parseArgs), `--help` and completion all read it. */
export interface OptionDef {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** One line for `--help`: what it does, with its unit and its default when it has them. */
  description: string;
  /** The value's placeholder in `--help` (`ms`, `host`); string options only, default `value`. */
  value?: string;
  /** What the shell completes the value to (string options only): a fixed list, or names of a kind. */
  complete?: readonly string[] | CompletionKind;
}

/** A verb's options by long name. Every one must say what it does: `--help` prints it. */
export type OptionSpec = Readonly<Record<string, OptionDef>>;

/** The parsed value of one declared option: a string, a boolean, or a list of them when repeatable. */
type ValueOf<D extends OptionDef> = D["type"] extends "boolean"
  ? D extends { multiple: true }
    ? boolean[]
    : boolean
  : D["type"] extends "string"
    ? D extends { multiple: true }
      ? string[]
      : string
    : string | boolean | string[] | boolean[];

/** The options every verb takes (cli/main.ts declares them). */
export interface GlobalValues {
  json?: boolean;
  help?: boolean;
}

/** Parsed option values, typed from the declaration: absent options are undefined. */
export type OptionValues<O extends OptionSpec> = { -readonly [K in keyof O]?: ValueOf<O[K]> } & GlobalValues;

/** Parsed argv for one command. `rest` is everything after a bare `--`. */
export interface CommandArgs<O extends OptionSpec = OptionSpec> {
  positionals: string[];
  values: OptionValues<O>;
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

/** The positionals a verb takes: how many (outside the range is a usage error, exit 2), and what they are. */
export interface PositionalSpec {
  min?: number;
  max?: number;
  /** What completion offers for each positional; the last one repeats. Absent: files or free text. */
  complete?: readonly CompletionKind[];
}

/**
 * One verb, declared once: its usage, options and positionals drive parsing, `--help`, shell
 * completion and the docs test (test/docs/cli-doc.test.ts). Each top-level verb's file in
 * cli/commands/ exports its verbs; cli/commands.ts names them.
 */
export interface Command<O extends OptionSpec = OptionSpec> {
  usage: string;
  /** Longer help shown under `--help`. */
  description?: string;
  options?: O;
  positionals?: PositionalSpec;
  /**
   * stdout carries a protocol (MCP for `run`, `mcp-server`): nothing else may be printed there, so
   * `--json` has no effect and errors go to stderr only.
   */
  protocolStdout?: boolean;
  /** Accepts a `--` followed by a command line (mcp add). */
  allowRest?: boolean;
  run(args: CommandArgs<O>, ctx: CommandContext): Promise<CommandResult>;
}

/** Declares a verb; `args.values` in its `run` is typed from its `options`. */
export function defineCommand<const O extends OptionSpec = Record<never, OptionDef>>(
  command: Command<O>,
): Command {
  return command as unknown as Command;
}

/** Reads a string option that may be repeated (`--config A=1 --config B=2`). */
export function stringList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** `--marketplace <name>` (`-m`), completing the known marketplaces; `description` says what for. */
export function marketplaceOption(description: string) {
  return {
    marketplace: { type: "string", short: "m", value: "name", complete: "marketplace", description },
  } as const satisfies OptionSpec;
}
