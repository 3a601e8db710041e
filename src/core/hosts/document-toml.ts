import { parse, patch, stringify } from "@decimalturn/toml-patch";
import type { EntryChange, ParseFailure } from "./document.js";

/** Parses TOML; toml-patch's errors carry a 1-based line and a 0-based column. */
export function parseToml(text: string): { data: unknown } | { failure: ParseFailure } {
  try {
    return { data: parse(text) };
  } catch (error) {
    const e = error as { message?: string; line?: number; column?: number };
    // toml-patch quotes the offending text (`Invalid integer "ghp_…"`): an unquoted token in a host
    // file would be printed. The line and column say where; the quoted text is dropped.
    const last = (e.message ?? String(error)).split("\n").pop() ?? "";
    const message = last.replace(/\s*"[^"\n]*"/g, "").trim() || "invalid TOML";
    return { failure: { message, line: e.line ?? 1, column: (e.column ?? 0) + 1 } };
  }
}

/**
 * Updates and removals go through toml-patch (it keeps comments and layout); a new server is
 * appended as its own `[mcp_servers.<name>]` table, the way a person would add it.
 */
export function editToml(
  text: string,
  container: readonly string[],
  changes: readonly EntryChange[],
  expected: Record<string, unknown>,
): string {
  const current = text.trim() === "" ? {} : (parse(text) as Record<string, unknown>);
  const map = lookup(current, container);
  const added = changes.filter((c) => c.value !== undefined && !(map && c.name in map));
  const inPlace = changes.filter((c) => !added.includes(c));
  let out = text;
  if (inPlace.length > 0) {
    const next = structuredClone(current);
    const target = lookup(next, container) ?? {};
    for (const c of inPlace) {
      if (c.value === undefined) delete target[c.name];
      else target[c.name] = c.value;
    }
    out = patch(out, next);
  }
  if (added.length > 0) {
    const eol = out.includes("\r\n") ? "\r\n" : "\n";
    const tables = stringify(nestTables(container, added), {
      inlineTableStart: container.length + 1,
      newLine: eol,
    })
      .split(eol)
      .filter((line, i, lines) => !(isBareHeader(line, container) && (lines[i + 1] ?? "") === ""))
      .join(eol)
      .replace(/^(\r?\n)+/, "");
    const sep = out === "" ? "" : out.endsWith(eol + eol) ? "" : out.endsWith(eol) ? eol : eol + eol;
    const appended = out + sep + tables;
    // Appending a table is only right when the container is a plain table; otherwise let toml-patch place it.
    out = safeParse(appended) ? appended : patch(text, expected);
  }
  return out;
}

function lookup(
  data: Record<string, unknown>,
  container: readonly string[],
): Record<string, unknown> | undefined {
  let node: unknown = data;
  for (const key of container)
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  return node && typeof node === "object" ? (node as Record<string, unknown>) : undefined;
}

function nestTables(container: readonly string[], added: readonly EntryChange[]): Record<string, unknown> {
  let out: Record<string, unknown> = Object.fromEntries(added.map((c) => [c.name, c.value]));
  for (const key of [...container].reverse()) out = { [key]: out };
  return out;
}

/** `[mcp_servers]` with nothing under it: stringify emits it before the sub-tables; we do not need it. */
function isBareHeader(line: string, container: readonly string[]): boolean {
  return line.trim() === `[${container.join(".")}]`;
}

function safeParse(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}
