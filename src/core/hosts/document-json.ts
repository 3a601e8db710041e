import {
  createScanner,
  findNodeAtLocation,
  parse,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from "jsonc-parser";
import type { EntryChange, ParseFailure } from "./document.js";
import { lineColumn } from "./document.js";

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values, by name.
const COMMA = 5;
const TRIVIA = new Set([12, 13, 14, 15]);

const OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** Parses JSON or JSONC (comments, trailing commas: VS Code and Zed files have them). */
export function parseJson(text: string): { data: unknown } | { failure: ParseFailure } {
  const errors: ParseError[] = [];
  const data = parse(text, errors, OPTIONS);
  const first = errors[0];
  if (first)
    return { failure: { message: printParseErrorCode(first.error), ...lineColumn(text, first.offset) } };
  return { data };
}

/**
 * Edits by splicing text at jsonc-parser's node offsets: a new entry is added after the last one
 * (the only byte of the user's text touched is one comma), a removed entry takes its own lines and
 * that comma with it, so add-then-remove gives back the exact original text.
 */
export function editJson(
  text: string,
  container: readonly string[],
  changes: readonly EntryChange[],
): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  let out = text.trim() === "" ? "{}" + eol : text;
  for (const change of changes) out = editOne(out, container, change, eol);
  return out;
}

function editOne(text: string, container: readonly string[], change: EntryChange, eol: string): string {
  const root = parseTree(text, [], OPTIONS);
  if (!root) return text;
  const unit = indentUnit(text);
  const existing = findNodeAtLocation(root, [...container, change.name]);
  if (existing?.parent) {
    const property = existing.parent;
    if (change.value !== undefined) {
      const indent = indentOf(text, property.offset);
      return splice(text, existing.offset, existing.length, pretty(change.value, indent, unit, eol));
    }
    return removeProperty(text, property, eol);
  }
  if (change.value === undefined) return text;
  // Walk down to the deepest existing object of the container path and add what is missing there.
  let parent = root;
  let depth = 0;
  for (const key of container) {
    const next = findNodeAtLocation(parent, [key]);
    if (!next || next.type !== "object") break;
    parent = next;
    depth += 1;
  }
  let value: unknown = { [change.name]: change.value };
  for (const key of [...container.slice(depth)].reverse()) value = { [key]: value };
  const [name, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [change.name, change.value];
  return addProperty(text, parent, name, inner, unit, eol);
}

function addProperty(
  text: string,
  object: Node,
  name: string,
  value: unknown,
  unit: string,
  eol: string,
): string {
  const children = object.children ?? [];
  const last = children[children.length - 1];
  if (!last) {
    const outer = indentOf(text, object.offset);
    const inner = outer + unit;
    const body = `{${eol}${inner}${JSON.stringify(name)}: ${pretty(value, inner, unit, eol)}${eol}${outer}}`;
    return splice(text, object.offset, object.length, body);
  }
  const indent = indentOf(text, last.offset);
  const property = `${JSON.stringify(name)}: ${pretty(value, indent, unit, eol)}`;
  const end = last.offset + last.length;
  const after = nextToken(text, end);
  const commaEnd = after.kind === COMMA ? after.offset + 1 : end;
  // A file that ends its lists with a trailing comma keeps that style for our entry too.
  const trailing = after.kind === COMMA;
  const comma = trailing ? "" : ",";
  const tail = trailing ? "," : "";
  const lineEnd = text.indexOf("\n", commaEnd);
  const restOfLine = lineEnd === -1 ? text.slice(commaEnd) : text.slice(commaEnd, lineEnd);
  const ownLine =
    onOwnLine(text, last.offset) && /^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(restOfLine.replace(/\r$/, ""));
  if (!ownLine) return splice(text, commaEnd, 0, `${comma} ${property}${tail}`);
  const at = lineEnd === -1 ? text.length : text[lineEnd - 1] === "\r" ? lineEnd - 1 : lineEnd;
  return splice(splice(text, at, 0, `${eol}${indent}${property}${tail}`), commaEnd, 0, comma);
}

function removeProperty(text: string, property: Node, eol: string): string {
  const siblings = property.parent?.children ?? [];
  const index = siblings.indexOf(property);
  const end = property.offset + property.length;
  const after = nextToken(text, end);
  let from = onOwnLine(text, property.offset)
    ? lineStartOf(text, property.offset) - eol.length
    : property.offset;
  let to = end;
  if (after.kind === COMMA) {
    to = after.offset + 1;
  } else if (index > 0) {
    // The last property: the comma that separated it belongs to the previous one.
    const prev = siblings[index - 1] as Node;
    const comma = nextToken(text, prev.offset + prev.length);
    if (comma.kind === COMMA) text = splice(text, comma.offset, 1, "");
    from -= 1;
    to -= 1;
  }
  if (index === 0 && after.kind !== COMMA) from = Math.max(from, (property.parent?.offset ?? 0) + 1);
  return splice(text, Math.max(0, from), to - Math.max(0, from), "");
}

function nextToken(text: string, offset: number): { kind: number; offset: number } {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  let kind = scanner.scan();
  while (TRIVIA.has(kind)) kind = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

function pretty(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit)
    .split("\n")
    .join(eol + indent);
}

function indentUnit(text: string): string {
  const m = /\n([ \t]+)["}\]]/.exec(text);
  if (!m?.[1]) return "  ";
  return m[1].startsWith("\t") ? "\t" : " ".repeat(Math.min(m[1].length, 8));
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function indentOf(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? "";
}

function onOwnLine(text: string, offset: number): boolean {
  return text.slice(lineStartOf(text, offset), offset).trim() === "";
}

function splice(text: string, at: number, length: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + length);
}
