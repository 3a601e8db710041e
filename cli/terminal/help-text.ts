import type { Language } from "../../src/core/text/language.js";
import type { Command, OptionSpec } from "../command.js";
import { COMMANDS } from "../commands.js";
import { HELP_ZH_CN, type VerbHelp } from "./help-zh-cn.js";
import { DESCRIPTIONS_ZH_CN } from "./help-zh-cn-descriptions.js";
import { cliLanguage, say } from "./language.js";

// The CLI's --help texts, in the run's language. main.ts imports this file only when help is asked for,
// so the translation tables (tens of KiB) are never parsed by `run`, `install` or any other verb.

/** `--help` in the languages other than English (the declarations are the English). */
const VERB_HELP: Partial<Record<Language, Record<string, VerbHelp>>> = { "zh-CN": HELP_ZH_CN };

/** `connectory --help`: every shown verb with its summary in the run's language. */
export function globalHelp(): string {
  const shown = Object.entries(COMMANDS).filter(([, e]) => !e.hidden);
  const width = Math.max(...shown.map(([n]) => n.length));
  const lines = shown.map(([name, e]) => `  ${name.padEnd(width)}  ${summaryOf(name, e.summary)}`);
  return [
    say("main.tagline"),
    "",
    say("main.usage"),
    "",
    say("main.commands"),
    ...lines,
    "",
    say("main.footer-flags"),
    say("main.footer-home"),
    say("main.footer-lang"),
    "",
  ].join("\n");
}

/** `--help` of one verb: summary, usage, description, and one line per option. */
export function commandHelp(name: string, declared: string, command: Command, globals: OptionSpec): string {
  const own = VERB_HELP[cliLanguage()]?.[name]?.options ?? {};
  const described = (key: string, description: string) => (Object.hasOwn(own, key) ? own[key]! : description);
  const flags = [
    ...Object.entries(command.options ?? {}).map(([key, o]) => ({
      key,
      o,
      text: described(key, o.description),
    })),
    ...Object.entries(globals).map(([key, o]) => ({ key, o, text: o.description })),
  ].map(({ key, o, text }) => {
    const value = o.type === "string" ? ` <${o.value ?? "value"}>` : "";
    return { flag: `${o.short ? `-${o.short}, ` : "    "}--${key}${value}`, o, text };
  });
  const width = Math.max(...flags.map((f) => f.flag.length));
  const options = flags.map(
    ({ flag, o, text }) => `  ${flag.padEnd(width)}  ${text}${o.multiple ? say("main.repeatable") : ""}`,
  );
  return [
    `${summaryOf(name, declared)}${cliLanguage() === "zh-CN" ? "。" : "."}`,
    "",
    say("main.help-usage", { usage: command.usage }),
    ...(command.description ? ["", describedIn(name, command.description)] : []),
    "",
    say("main.help-options"),
    ...options,
    "",
  ].join("\n");
}

/** A verb's one-line summary in the run's language (help-zh-cn.ts), else as declared (English). */
function summaryOf(name: string, summary: string): string {
  return VERB_HELP[cliLanguage()]?.[name]?.summary ?? summary;
}

/** A verb's longer help in the run's language where it has been translated, else the English. */
function describedIn(name: string, description: string): string {
  const zh =
    cliLanguage() === "zh-CN" && Object.hasOwn(DESCRIPTIONS_ZH_CN, name)
      ? DESCRIPTIONS_ZH_CN[name]
      : undefined;
  return (zh?.text ?? description).trim();
}
