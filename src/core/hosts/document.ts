import { ConnectoryError } from "../errors.js";
import { editJson, parseJson } from "./document-json.js";
import { editToml, parseToml } from "./document-toml.js";
import { editYaml, parseYaml } from "./document-yaml.js";
import type { DocumentFormat, HostEntry } from "./types.js";

/** One edit of a host's server map: set an entry, or remove it (`value` undefined). */
export interface EntryChange {
  name: string;
  value?: HostEntry;
}

/** Host files larger than this are refused: no real config is anywhere near it. */
export const MAX_HOST_FILE_BYTES = 4 * 1024 * 1024;

/** A parse failure with its place, for an error the user can act on. */
export interface ParseFailure {
  message: string;
  line: number;
  column: number;
}

/** The parsed data of a host file; throws `host.file.invalid` (with line:column) on a syntax error. */
export function parseHostDocument(
  format: DocumentFormat,
  text: string,
  file: string,
): Record<string, unknown> {
  if (text.length > MAX_HOST_FILE_BYTES) {
    throw new ConnectoryError("host.file.too-large", `${file} is larger than ${MAX_HOST_FILE_BYTES} bytes`, {
      hint: "this does not look like an MCP host config; check the path, nothing was changed",
    });
  }
  if (text.trim() === "") return {};
  const parsed = format === "toml" ? parseToml(text) : format === "yaml" ? parseYaml(text) : parseJson(text);
  if ("failure" in parsed) {
    const { line, column, message } = parsed.failure;
    throw new ConnectoryError("host.file.invalid", `${file}:${line}:${column}: ${message}`, {
      hint: "fix the file by hand (connectory never rewrites a file it cannot parse); nothing was changed",
    });
  }
  if (parsed.data === null || typeof parsed.data !== "object" || Array.isArray(parsed.data)) {
    throw new ConnectoryError("host.file.invalid", `${file} does not hold an object at the top level`, {
      hint: "fix the file by hand; nothing was changed",
    });
  }
  return parsed.data as Record<string, unknown>;
}

/** The server map inside a parsed document (`{}` when absent); a non-object there is an error. */
export function entriesAt(
  data: Record<string, unknown>,
  container: readonly string[],
  file: string,
): Record<string, unknown> {
  let node: unknown = data;
  for (const key of container) {
    if (node === undefined || node === null) return {};
    node = (node as Record<string, unknown>)[key];
  }
  if (node === undefined || node === null) return {};
  if (typeof node !== "object" || Array.isArray(node)) {
    throw new ConnectoryError(
      "host.file.unexpected",
      `${file}: "${container.join(".")}" is not a map of servers`,
      {
        hint: "fix the file by hand; nothing was changed",
      },
    );
  }
  return node as Record<string, unknown>;
}

/**
 * Applies entry changes to the text in place (comments, order and formatting of everything else kept),
 * then proves it: the new text must parse to the old data with exactly these changes, or nothing is returned.
 */
export function applyEntryChanges(
  format: DocumentFormat,
  text: string,
  container: readonly string[],
  changes: readonly EntryChange[],
  file: string,
): string {
  if (changes.length === 0) return text;
  const before = parseHostDocument(format, text, file);
  const expected = structuredClone(before);
  let map = expected as Record<string, unknown>;
  for (const key of container) {
    if (map[key] === undefined || map[key] === null) map[key] = {};
    map = map[key] as Record<string, unknown>;
  }
  for (const c of changes) {
    if (c.value === undefined) delete map[c.name];
    else map[c.name] = c.value;
  }
  const edit = format === "toml" ? editToml : format === "yaml" ? editYaml : editJson;
  const after = edit(text, container, changes, expected);
  if (canonical(parseHostDocument(format, after, file)) !== canonical(expected)) {
    throw new ConnectoryError("host.edit.failed", `could not edit ${file} without touching other settings`, {
      hint: "this is a bug in connectory; nothing was changed. Use `connectory config copy` and paste the entry by hand",
    });
  }
  return after;
}

/** Stable JSON (sorted keys; bigint and dates as text) to compare parsed documents and hash entries. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "bigint") return v.toString();
    if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  });
}
