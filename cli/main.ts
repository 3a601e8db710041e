import { parseArgs } from "node:util";
import { usageError } from "../src/core/errors.js";
import { COMMANDS, findCommand } from "./commands.js";
import type { Command, CommandArgs, OptionSpec } from "./command.js";
import type { CommandContext } from "./context.js";
import { configureCredentialStore } from "./home/credential-store-world.js";
import { printError, printResult } from "./terminal/output.js";

const GLOBAL_OPTIONS: OptionSpec = {
  json: {
    type: "boolean",
    description: "print exactly one JSON document on stdout (status stays on stderr)",
  },
  help: { type: "boolean", short: "h", description: "show this help" },
};

/** Runs one CLI invocation in-process and returns its exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: string[], base: Omit<CommandContext, "json">): Promise<number> {
  const json = argv.includes("--json");
  let ctx: CommandContext = { ...base, json };
  // CONNECTORY_CREDENTIAL_STORE of this run's environment (not the process's: tests run many in one).
  configureCredentialStore({ env: base.env });
  try {
    if (argv[0] === "--version" || argv[0] === "-v") {
      printResult(ctx, { data: { version: ctx.version }, text: ctx.version });
      return 0;
    }
    const found = findCommand(argv.filter((a) => a !== "--json"));
    if (!found) {
      const words = argv.filter((a) => !a.startsWith("-"));
      if (words.length === 0 || argv.includes("--help") || argv.includes("-h") || words[0] === "help") {
        ctx.stdout.write(globalHelp());
        return words.length === 0 && !argv.some((a) => a === "--help" || a === "-h") ? 2 : 0;
      }
      throw usageError(
        `unknown command "${words.slice(0, 2).join(" ")}"`,
        "run `connectory --help` to see the commands",
      );
    }
    const command = (await found.entry.load()).default;
    if (command.protocolStdout) ctx = { ...ctx, json: false };
    const args = parseCommandArgs(found.name, command, found.rest);
    if (args.values.help) {
      ctx.stdout.write(commandHelp(found.name, found.entry.summary, command));
      return 0;
    }
    const result = await command.run(args, ctx);
    printResult(ctx, result);
    return result.exitCode ?? 0;
  } catch (error) {
    return printError(ctx, error);
  }
}

/** Parses one command's argv against its declared options; a mistake is a usage error (exit 2). */
export function parseCommandArgs(name: string, command: Command, argv: string[]): CommandArgs {
  const dashdash = argv.indexOf("--");
  const own = dashdash === -1 ? argv : argv.slice(0, dashdash);
  const rest = dashdash === -1 ? [] : argv.slice(dashdash + 1);
  if (dashdash !== -1 && !command.allowRest) throw usageError(`${name} does not take arguments after --`);
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      options: parseArgsOptions({ ...GLOBAL_OPTIONS, ...command.options }),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(
      parseArgsMessage(error as Error & { code?: string }),
      `run \`connectory ${name} --help\``,
    );
  }
  const { min = 0, max = Infinity } = command.positionals ?? {};
  if (!parsed.values.help && (parsed.positionals.length < min || parsed.positionals.length > max)) {
    throw usageError(`wrong number of arguments for ${name}`, `usage: connectory ${command.usage}`);
  }
  return { positionals: parsed.positionals, values: parsed.values as CommandArgs["values"], rest };
}

/** The declarations as node:util parseArgs takes them (without the help texts). */
function parseArgsOptions(spec: OptionSpec) {
  return Object.fromEntries(
    Object.entries(spec).map(([key, o]) => [
      key,
      { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
    ]),
  );
}

/**
 * node:util's own words, except for an unknown option, where it suggests `-- "--x"` (a positional
 * after --), which no command here but `mcp add` takes: name the option, --help lists the real ones.
 */
function parseArgsMessage(error: Error & { code?: string }): string {
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(error.message)?.[1];
    if (option) return `unknown option ${option}`;
  }
  return error.message.replace(/^.*?: /, "");
}

function globalHelp(): string {
  const shown = Object.entries(COMMANDS).filter(([, e]) => !e.hidden);
  const width = Math.max(...shown.map(([n]) => n.length));
  const lines = shown.map(([name, e]) => `  ${name.padEnd(width)}  ${e.summary}`);
  return [
    "connectory: install MCP connectors, merge them with your own servers, and hand them to every MCP host.",
    "",
    "Usage: connectory <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Every command takes --help and --json. Exit codes: 0 ok, 1 failure, 2 usage error.",
    "Home folder: $CONNECTORY_HOME (default ~/.connectory).",
    "",
  ].join("\n");
}

/** `--help` of one verb: summary, usage, description, and one line per option. */
export function commandHelp(name: string, summary: string, command: Command): string {
  const flags = Object.entries({ ...command.options, ...GLOBAL_OPTIONS }).map(([key, o]) => {
    const value = o.type === "string" ? ` <${o.value ?? "value"}>` : "";
    return { flag: `${o.short ? `-${o.short}, ` : "    "}--${key}${value}`, o };
  });
  const width = Math.max(...flags.map((f) => f.flag.length));
  const options = flags.map(
    ({ flag, o }) => `  ${flag.padEnd(width)}  ${o.description}${o.multiple ? " (repeatable)" : ""}`,
  );
  return [
    `${summary}.`,
    "",
    `Usage: connectory ${command.usage}`,
    ...(command.description ? ["", command.description.trim()] : []),
    "",
    "Options:",
    ...options,
    "",
  ].join("\n");
}
