import { parseArgs } from "node:util";
import { ConnectoryError } from "../src/core/errors.js";
import { findCommand } from "./commands.js";
import type { Command, CommandArgs, OptionSpec } from "./command.js";
import type { CommandContext } from "./context.js";
import { configureCredentialStore } from "./credentials/credential-store-world.js";
import { chooseLanguage, localizedUsageError, say, sayEnglish, setCliLanguage } from "./terminal/language.js";
import { printError, printResult } from "./terminal/output.js";
import { parseArgsMessage } from "./parse-args-message.js";

/** The options every verb takes; their help text is in the tables (option.<name>). */
const GLOBAL_OPTIONS = (): OptionSpec => ({
  json: { type: "boolean", description: say("option.json") },
  help: { type: "boolean", short: "h", description: say("option.help") },
  lang: { type: "string", value: "lang", description: say("option.lang") },
});

/** `--lang x` / `--lang=x` anywhere in argv: its value (undefined: none) and argv without it. */
function takeLang(argv: string[]): { lang: string | undefined; argv: string[] } {
  const dashdash = argv.indexOf("--");
  const own = dashdash === -1 ? argv.length : dashdash;
  for (let i = 0; i < own; i++) {
    const arg = argv[i]!;
    if (arg === "--lang")
      return { lang: argv[i + 1] ?? "", argv: [...argv.slice(0, i), ...argv.slice(i + 2)] };
    if (arg.startsWith("--lang="))
      return { lang: arg.slice("--lang=".length), argv: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { lang: undefined, argv };
}

/** Runs one CLI invocation in-process and returns its exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(input: string[], base: Omit<CommandContext, "json">): Promise<number> {
  const { lang, argv } = takeLang(input);
  const json = argv.includes("--json");
  let ctx: CommandContext = { ...base, json };
  // CONNECTORY_CREDENTIAL_STORE of this run's environment (not the process's: tests run many in one).
  configureCredentialStore({ env: base.env });
  setCliLanguage("en");
  try {
    // LC_ALL/LC_MESSAGES/LANG of this run's environment, or --lang (a bad one is a usage error, in English).
    setCliLanguage(chooseLanguage(lang, base.env));
    if (argv[0] === "--version" || argv[0] === "-v") {
      printResult(ctx, { data: { version: ctx.version }, text: ctx.version });
      return 0;
    }
    const found = findCommand(argv.filter((a) => a !== "--json"));
    if (!found) {
      const words = argv.filter((a) => !a.startsWith("-"));
      if (words.length === 0 || argv.includes("--help") || argv.includes("-h") || words[0] === "help") {
        ctx.stdout.write((await import("./terminal/help-text.js")).globalHelp());
        return words.length === 0 && !argv.some((a) => a === "--help" || a === "-h") ? 2 : 0;
      }
      throw localizedUsageError(
        { key: "main.unknown-command", params: { command: words.slice(0, 2).join(" ") } },
        { key: "main.unknown-command-hint" },
      );
    }
    const command = (await found.entry.load()).default;
    if (command.protocolStdout) ctx = { ...ctx, json: false };
    const args = parseCommandArgs(found.name, command, found.rest);
    if (args.values.help) {
      // Loaded only here: the help tables of every language are no start-up cost of the verbs themselves.
      const { commandHelp } = await import("./terminal/help-text.js");
      ctx.stdout.write(commandHelp(found.name, found.entry.summary, command, GLOBAL_OPTIONS()));
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
  if (dashdash !== -1 && !command.allowRest)
    throw localizedUsageError({ key: "usage.no-rest", params: { command: name } });
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      options: parseArgsOptions({ ...GLOBAL_OPTIONS(), ...command.options }),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = parseArgsMessage(error as Error & { code?: string }, {
      ...GLOBAL_OPTIONS(),
      ...command.options,
    });
    throw new ConnectoryError(
      "usage",
      typeof message === "string" ? message : sayEnglish(message.key, message.params),
      {
        usage: true,
        hint: sayEnglish("main.bad-option-hint", { command: name }),
        localized: {
          ...(typeof message === "string" ? {} : { message }),
          hint: { key: "main.bad-option-hint", params: { command: name } },
        },
      },
    );
  }
  const { min = 0, max = Infinity } = command.positionals ?? {};
  if (!parsed.values.help && (parsed.positionals.length < min || parsed.positionals.length > max)) {
    throw localizedUsageError(
      { key: "main.wrong-args", params: { command: name } },
      { key: "main.usage-hint", params: { usage: command.usage } },
    );
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
