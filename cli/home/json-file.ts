import fs from "node:fs/promises";
import path from "node:path";
import type { ParseError } from "jsonc-parser";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, type Said } from "../terminal/language.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { guardHomeFile } from "./home-guard.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * Says what is wrong with a parsed file's shape ("\"weather@default\" is not an object"), or undefined
 * when it is fine. Checked on every read, so a hand-damaged file is an error that names the problem,
 * not a crash deep inside a command.
 */
export type ShapeCheck = (value: unknown) => string | undefined;

/**
 * Reads a JSON file the CLI owns. Absent → `fallback`; unparsable or of the wrong shape → an error
 * (never "treat as empty": the next write would destroy what the user had).
 */
export async function readJsonFile<T>(file: string, fallback: T, check?: ShapeCheck): Promise<T> {
  await guardHomeFile(homeOf(file), file);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const at = await whereInvalid(text);
    throw invalid(
      at
        ? { key: "home.file-not-json-at", params: { file, ...at } }
        : { key: "home.file-not-json", params: { file } },
    );
  }
  const problem = check?.(value);
  if (problem !== undefined) throw invalid({ key: "home.file-not-ours", params: { file, problem } });
  return value as T;
}

/**
 * ", at line 3, column 12 (invalid symbol)": where the JSON breaks, never what is there. V8's own message
 * quotes the text around the fault (`Unexpected token 'g', "ghp_…" is not valid JSON`), and these files
 * hold tokens.
 */
async function whereInvalid(
  text: string,
): Promise<{ line: number; column: number; what: string } | undefined> {
  // Loaded on this error path only: reading a sound file stays as cheap as JSON.parse.
  const { parse, printParseErrorCode } = await import("jsonc-parser");
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = first.offset - before.lastIndexOf("\n");
  const what = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return { line, column, what };
}

/**
 * The home a file of it lives in: every JSON file the CLI owns is at the top of $CONNECTORY_HOME or in
 * its plugins/ folder (cli/home/home.ts).
 */
function homeOf(file: string): string {
  const dir = path.dirname(file);
  return path.basename(dir) === "plugins" ? path.dirname(dir) : dir;
}

function invalid(message: Said): ConnectoryError {
  return localizedError("home.file.invalid", message, { key: "home.file-fix-hint" });
}

/**
 * A check for a JSON object whose every value passes `each`; the first bad value is named by its key.
 * `what` describes the whole file for the message ("an object of installed connectors").
 */
export function objectOf(what: string, each: (value: unknown) => string | undefined): ShapeCheck {
  return (value) => {
    if (!isObject(value)) return `expected ${what}, found ${describe(value)}`;
    for (const [key, item] of Object.entries(value)) {
      const problem = each(item);
      if (problem !== undefined) return `${JSON.stringify(key)} ${problem}`;
    }
    return undefined;
  };
}

/** "null", "an array", "a string"…: what a JSON value is, for messages (never its content). */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Read-modify-write under the file's lock, written atomically. `fn` gets the current content and
 * returns the new one; throwing inside it writes nothing.
 */
export async function updateJsonFile<T>(
  file: string,
  fallback: T,
  fn: (current: T) => T | Promise<T>,
  options: { mode?: number; dirMode?: number; check?: ShapeCheck } = {},
): Promise<T> {
  // A new home (and plugins/) is private from the start: 0700, as ssh keeps ~/.ssh.
  await fs.mkdir(path.dirname(file), { recursive: true, mode: options.dirMode ?? 0o700 });
  // Loaded on first write only: read-only commands (config, list) skip proper-lockfile's start-up cost.
  const { withLock } = await import("../../src/fs/lock.js");
  return withLock(file, async () => {
    const next = await fn(await readJsonFile(file, fallback, options.check));
    await atomicWrite(file, JSON.stringify(next, null, 2) + "\n", options.mode ? { mode: options.mode } : {});
    return next;
  });
}
