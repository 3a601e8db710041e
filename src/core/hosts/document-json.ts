import {
  applyEdits,
  createScanner,
  findNodeAtLocation,
  format,
  parse,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from "jsonc-parser";
// Types only: cli/home/manual-servers.ts loads this file on every `connectory config`, and
// document.ts would pull in the TOML and YAML parsers.
import type { ParseFailure } from "./document.js";

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values, by name.
const COMMA = 5;
const TRIVIA = new Set([12, 13, 14, 15]); // line comment, block comment, line break, whitespace

const OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** What may follow an entry on its line for the entry to count as having the line to itself. */
const ENDS_LINE = /^[ \t]*(\/\/.*|\/\*(?:(?!\*\/).)*\*\/[ \t]*)?\r?$/;

/** One edit of a JSON object: set `name` to `value`, or remove it (`value` undefined). */
export interface JsonChange {
  name: string;
  value?: unknown;
}

/** Parses JSON or JSONC (comments, trailing commas: VS Code and Zed files have them). */
export function parseJson(text: string): { data: unknown } | { failure: ParseFailure } {
  const errors: ParseError[] = [];
  const data = parse(text, errors, OPTIONS);
  const first = errors[0];
  if (!first) return { data };
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  // "CommaExpected" reads as "comma expected".
  const what = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return { failure: { message: what + more, ...lineColumn(text, first.offset) } };
}

/**
 * Edits JSON-with-comments in place at `container` (missing objects on the way are created), touching
 * only the bytes of the edited entries: jsonc-parser's `modify` would reflow neighbouring entries. A new
 * entry goes on a line of its own after the last one (the only byte of the user's text touched is one
 * comma); a removed entry takes its own lines, with any comment on them, and that comma. So
 * add-then-remove gives back the exact original text. An empty text becomes an object.
 */
export function editJson(text: string, container: readonly string[], changes: readonly JsonChange[]): string {
  let out = text.trim() === "" ? "{}" + eolOf(text) : text;
  for (const { name, value } of changes) {
    out = value === undefined ? removeEntry(out, container, name) : setEntry(out, container, name, value);
  }
  return out;
}

function setEntry(text: string, container: readonly string[], name: string, value: unknown): string {
  const root = parseTree(text, [], OPTIONS);
  if (root?.type !== "object") throw new Error("editJson: the document is not an object");
  // Walk down to the deepest existing node of the container path; what is missing is added there.
  let parent = root;
  const missing = [...container];
  while (missing.length > 0 && parent.type === "object") {
    const next = findNodeAtLocation(parent, [missing[0] as string]);
    if (!next) break;
    parent = next;
    missing.shift();
  }
  const key = missing[0] ?? name;
  const inner = missing
    .slice(1)
    .reduceRight<unknown>((v, k) => ({ [k]: v }), missing.length ? { [name]: value } : value);
  // A container that is null (or another non-object) becomes the object.
  if (parent.type !== "object") return replaceNode(text, parent, { [key]: inner });
  const existing = missing.length === 0 ? findNodeAtLocation(parent, [name]) : undefined;
  if (existing) return replaceNode(text, existing, value);
  const last = parent.children?.at(-1);
  if (!last) return replaceNode(text, parent, { [key]: inner });
  const style = styleOf(text);
  // A file that ends its entries with a trailing comma keeps that style for ours too.
  const { end, hasComma, afterComma, eolAt, ownLine } = entryEnd(text, last);
  if (ownLine) {
    const indent = indentOf(text, last.offset);
    const entry = `${JSON.stringify(key)}: ${pretty(inner, indent, style)}${hasComma ? "," : ""}`;
    // Before a CRLF's \r, so the line keeps its own line end; the comma goes before its comment.
    const at = text[eolAt - 1] === "\r" ? eolAt - 1 : eolAt;
    return splice(splice(text, at, 0, `${style.eol}${indent}${entry}`), afterComma, 0, hasComma ? "" : ",");
  }
  // Entries share a line: insert after the last one, then format only the inserted bytes.
  const content = `,${JSON.stringify(key)}: ${JSON.stringify(inner)}`;
  const out = splice(text, end, 0, content);
  const options = { insertSpaces: style.unit !== "\t", tabSize: style.unit.length, eol: style.eol };
  return applyEdits(
    out,
    format(out, { offset: end, length: content.length }, { ...options, keepLines: false }),
  );
}

function removeEntry(text: string, container: readonly string[], name: string): string {
  const root = parseTree(text, [], OPTIONS);
  const property = (root && findNodeAtLocation(root, [...container, name]))?.parent;
  const object = property?.parent;
  if (property?.type !== "property" || !object?.children) return text;
  const previous = object.children[object.children.indexOf(property) - 1];
  const { end, hasComma, afterComma, eolAt, ownLine } = entryEnd(text, property);
  if (ownLine) {
    const start = lineStartOf(text, property.offset);
    const out = splice(text, start, Math.min(text.length, eolAt + 1) - start, "");
    // The last entry had no comma of its own: the one before it loses its comma (JSON, not JSONC,
    // readers refuse a trailing comma). A trailing comma the user wrote after the last entry is kept.
    return !hasComma && previous ? removeCommaAfter(out, previous) : out;
  }
  // The entry shares a line. Blanks around it go with it; comments stay.
  if (hasComma) {
    const next = nextToken(text, afterComma);
    const blank = text.slice(afterComma, next.offset).trim() === "";
    return splice(text, property.offset, (blank ? next.offset : afterComma) - property.offset, "");
  }
  if (previous) {
    // The last entry: the comma before it goes too, and what lies between unless it is a comment.
    const comma = nextToken(text, previous.offset + previous.length);
    if (comma.kind !== COMMA) return text;
    if (text.slice(comma.offset + 1, property.offset).trim() === "") {
      return splice(text, comma.offset, end - comma.offset, "");
    }
    return splice(splice(text, property.offset, property.length, ""), comma.offset, 1, "");
  }
  const blank = text.slice(object.offset + 1, property.offset).trim() === "";
  const from = blank ? object.offset + 1 : property.offset;
  return splice(text, from, end - from, "");
}

/**
 * Where an entry ends: `end` after its value, `afterComma` after the comma that follows it (if `hasComma`),
 * `eolAt` where that line ends, and `ownLine` when the entry has the line to itself (a comment may follow).
 */
function entryEnd(
  text: string,
  entry: Node,
): { end: number; hasComma: boolean; afterComma: number; eolAt: number; ownLine: boolean } {
  const end = entry.offset + entry.length;
  const after = nextToken(text, end);
  const hasComma = after.kind === COMMA;
  const afterComma = hasComma ? after.offset + 1 : end;
  const eolAt = lineEnd(text, afterComma);
  return {
    end,
    hasComma,
    afterComma,
    eolAt,
    ownLine: onOwnLine(text, entry.offset) && ENDS_LINE.test(text.slice(afterComma, eolAt)),
  };
}

function removeCommaAfter(text: string, node: Node): string {
  const comma = nextToken(text, node.offset + node.length);
  return comma.kind === COMMA ? splice(text, comma.offset, 1, "") : text;
}

/** Replaces a value node with pretty JSON indented to match the line it starts on. */
function replaceNode(text: string, node: Node, value: unknown): string {
  return splice(text, node.offset, node.length, pretty(value, indentOf(text, node.offset), styleOf(text)));
}

/** The first token at or after `offset` that is not whitespace or a comment. */
function nextToken(text: string, offset: number): { kind: number; offset: number } {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  let kind = scanner.scan();
  while (TRIVIA.has(kind)) kind = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

interface Style {
  /** One level of indentation: a tab or 1 to 8 spaces. */
  unit: string;
  eol: string;
}

/** The indentation and line ends the document already uses, so inserted text looks like the rest. */
function styleOf(text: string): Style {
  const m = /\n([ \t]+)["}\]]/.exec(text);
  const unit = !m?.[1] ? "  " : m[1].startsWith("\t") ? "\t" : " ".repeat(Math.min(m[1].length, 8));
  return { unit, eol: eolOf(text) };
}

function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

function pretty(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit)
    .split("\n")
    .join(style.eol + indent);
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const at = text.indexOf("\n", offset);
  return at === -1 ? text.length : at;
}

function indentOf(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStartOf(text, offset), offset))?.[0] ?? "";
}

function onOwnLine(text: string, offset: number): boolean {
  return text.slice(lineStartOf(text, offset), offset).trim() === "";
}

function splice(text: string, at: number, length: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + length);
}

/** 1-based line and column of an offset, for parse errors. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const upto = text.slice(0, offset);
  const line = upto.split("\n").length;
  return { line, column: offset - upto.lastIndexOf("\n") };
}
