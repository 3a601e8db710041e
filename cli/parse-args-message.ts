import type { OptionSpec } from "./command.js";
import type { Said } from "./terminal/language.js";

// What node:util parseArgs refused, said from the tables by its error code with the option as a
// parameter (node's own words are English, and differ between Node versions). Only a refusal whose
// words this does not recognise is passed on as node says it.

/** A parseArgs error: its code and its message. */
type ParseArgsError = Error & { code?: string };

/** The quoted word of node's message: `'--x'`, `'-o, --out <value>'`. */
const quoted = (message: string) => /'([^']+)'/.exec(message)?.[1];

/** The long spelling of an option as node names it (`-o`, `--out`, `-o, --out <value>`), if declared. */
function longName(word: string, spec: OptionSpec): string | undefined {
  const long = /--([^\s'<>,=]+)/.exec(word)?.[1];
  if (long !== undefined && Object.hasOwn(spec, long)) return long;
  const short = /^-([^-\s])$/.exec(word.trim())?.[1];
  return Object.entries(spec).find(([, o]) => o.short !== undefined && o.short === short)?.[0];
}

/** What parseArgs refused, as a message of the tables (else node's own words, without its prefix). */
export function parseArgsMessage(error: ParseArgsError, spec: OptionSpec): Said | string {
  const word = quoted(error.message);
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && word)
    return { key: "main.unknown-option", params: { option: word } };
  if (error.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && word)
    return { key: "main.unexpected-argument", params: { argument: JSON.stringify(word) } };
  const name = word === undefined ? undefined : longName(word, spec);
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && name !== undefined) {
    const option = `--${name}`;
    if (/argument missing/.test(error.message))
      return { key: "main.option-needs-value", params: { option, value: spec[name]?.value ?? "value" } };
    if (/does not take an argument/.test(error.message))
      return { key: "main.option-takes-no-value", params: { option } };
    if (/ambiguous/.test(error.message)) return { key: "main.option-dash-value", params: { option } };
  }
  return error.message.replace(/^.*?: /, "");
}
