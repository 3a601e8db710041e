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
