import YAML, { isMap, isScalar, type Pair, type YAMLMap } from "yaml";
import type { EntryChange, ParseFailure } from "./document.js";

/** Parses YAML; the first error's line/column is reported. */
export function parseYaml(text: string): { data: unknown } | { failure: ParseFailure } {
  const doc = YAML.parseDocument(text, { uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0] ?? { line: 1, col: 1 };
    // yaml appends "at line N, column M:" and a code frame; the position is reported on its own.
    const message = (first.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    return { failure: { message: message || "invalid YAML", line: pos.line, column: pos.col } };
  }
  return { data: doc.toJS() ?? {} };
}

/**
 * Splices text: each change replaces exactly the lines of its own entry (or appends one at the end of
 * the map, indented like its siblings), so the rest of the file stays byte-identical. Flow-style maps
 * fall back to the yaml Document API (comments kept, layout possibly normalized).
 */
export function editYaml(
  text: string,
  container: readonly string[],
  changes: readonly EntryChange[],
): string {
  let out = text;
  for (const change of changes) out = editOne(out, container, change);
  return out;
}

function editOne(text: string, container: readonly string[], change: EntryChange): string {
  const doc = YAML.parseDocument(text);
  const node = doc.getIn(container, true);
  if (node === null || (isScalar(node) && node.value === null)) {
    // An empty `extensions:`: let the Document API fill it.
    if (change.value === undefined) return text;
    doc.setIn(container, doc.createNode({ [change.name]: change.value }));
    return doc.toString();
  }
  if (node !== undefined && !(isMap(node) && !node.flow && node.range)) {
    if (change.value === undefined) doc.deleteIn([...container, change.name]);
    else doc.setIn([...container, change.name], doc.createNode(change.value));
    return doc.toString();
  }
  const map = node as YAMLMap | undefined;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const pair = map?.items.find((p: Pair) => isScalar(p.key) && p.key.value === change.name) as
    Pair | undefined;
  if (map && pair && isScalar(pair.key) && pair.key.range) {
    const start = lineStart(text, pair.key.range[0]);
    const end = (pair.value as { range?: [number, number, number] } | null)?.range?.[2] ?? pair.key.range[2];
    const indent = pair.key.range[0] - start;
    const replacement = change.value === undefined ? "" : block({ [change.name]: change.value }, indent, eol);
    return text.slice(0, start) + replacement + text.slice(end);
  }
  if (change.value === undefined) return text;
  if (map?.range && map.items.length > 0) {
    const firstKey = (map.items[0] as Pair).key as { range?: [number, number, number] };
    const indent = firstKey.range ? firstKey.range[0] - lineStart(text, firstKey.range[0]) : 2;
    const at = map.range[2];
    const head = text.slice(0, at);
    const glue = head.endsWith("\n") ? "" : eol;
    return head + glue + block({ [change.name]: change.value }, indent, eol) + text.slice(at);
  }
  // No map at all: a new block at the end.
  const glue = text === "" || text.endsWith("\n") ? "" : eol;
  return text + glue + block(nestValue(container, { [change.name]: change.value }), 0, eol);
}

function block(value: Record<string, unknown>, indent: number, eol: string): string {
  const pad = " ".repeat(indent);
  return YAML.stringify(value, { indentSeq: false })
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => pad + l + eol)
    .join("");
}

function nestValue(container: readonly string[], value: Record<string, unknown>): Record<string, unknown> {
  let out = value;
  for (const key of [...container].reverse()) out = { [key]: out };
  return out;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}
