import { parseArgs, type ParseArgsConfig } from "node:util";
import { usageError } from "../core/errors.js";

/** node:util parseArgs for one admin command; its complaints become usage errors (exit 2) naming the help. */
export function parseOptions<O extends NonNullable<ParseArgsConfig["options"]>>(
  command: string,
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError((error as Error).message, `run \`connectory-registry ${command} --help\``);
  }
}

/** The sub-verb of an admin command (`token create`), or a usage error naming the verbs and the help. */
export function subVerb<V extends string>(command: string, verb: string | undefined, verbs: readonly V[]): V {
  if (verb !== undefined && (verbs as readonly string[]).includes(verb)) return verb as V;
  const listed = verbs.length > 1 ? `${verbs.slice(0, -1).join(", ")} or ${verbs.at(-1)}` : verbs.join("");
  throw usageError(
    verb === undefined
      ? `${command} needs a verb: ${listed}`
      : `unknown ${command} verb "${verb.slice(0, 40)}"`,
    `run \`connectory-registry ${command} --help\``,
  );
}
