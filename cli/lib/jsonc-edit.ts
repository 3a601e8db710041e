import {
  applyEdits,
  createScanner,
  findNodeAtLocation,
  format,
  modify,
  parseTree,
  type Edit,
  type Node,
} from "jsonc-parser";

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its stable values.
const COMMA = 5;
const TRIVIA = new Set([12, 13, 14, 15]); // line comment, block comment, line break, whitespace

/** Indentation and line ends of a document, so inserted text looks like the rest. */
export interface Formatting {
  insertSpaces: boolean;
  tabSize: number;
  eol: string;
}

/** The formatting a JSON-with-comments document already uses. */
export function detectFormatting(text: string): Formatting {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? "  ";
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * Sets `parent[key] = value` in a JSON-with-comments document, touching only the bytes of that entry
 * (jsonc-parser's own formatting would also reflow the sibling on the same line). `parentPath` must
 * name an object, or be absent with the root an object (it is then created).
 */
export function setProperty(
  text: string,
  parentPath: string[],
  key: string,
  value: unknown,
  fmt: Formatting,
): string {
  const root = parseTree(text);
  if (!root || root.type !== "object") throw new Error("setProperty: the document is not an object");
  const parent = findNodeAtLocation(root, parentPath);
  if (!parent) {
    const [head, ...rest] = parentPath;
    if (head === undefined) throw new Error("setProperty: no parent");
    const nested = [...rest].reverse().reduce<unknown>((inner, k) => ({ [k]: inner }), { [key]: value });
    return setProperty(text, parentPath.slice(0, -rest.length - 1), head, nested, fmt);
  }
  const existing = findNodeAtLocation(parent, [key]);
  if (existing) return replaceNode(text, existing, value, fmt);
  if (!parent.children || parent.children.length === 0)
    return replaceNode(text, parent, { [key]: value }, fmt);
  const own = insertOnOwnLine(text, parent.children, key, value, fmt);
  if (own !== undefined) return own;
  // Siblings share a line: let jsonc-parser insert, then format only the inserted bytes.
  let out = text;
  for (const edit of modify(text, [...parentPath, key], value, {})) {
    const next = applyEdits(out, [edit]);
    const range = { offset: edit.offset, length: edit.content.length };
    out = applyEdits(next, format(next, range, { ...fmt, keepLines: false }));
  }
  return out;
}

/**
 * Removes `parent[key]`. When the entry sits on lines of its own, those whole lines go (with any comment
 * on them) and nothing else: comments above it and on neighbouring lines stay.
 */
export function removeProperty(text: string, parentPath: string[], key: string): string {
  const root = parseTree(text);
  const parent = root && findNodeAtLocation(root, parentPath);
  const value = parent && findNodeAtLocation(parent, [key]);
  const property = value?.parent;
  if (!parent || !property || !parent.children) return text;
  const index = parent.children.indexOf(property);
  const start = property.offset;
  const end = property.offset + property.length;
  const comma = nextToken(text, end);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const ownLine = text.slice(lineStart, start).trim() === "";
  const afterEntry = comma.kind === COMMA ? comma.offset + 1 : end;
  const restOfLine = text.slice(afterEntry, lineEnd(text, afterEntry));
  if (!ownLine || !/^\s*(\/\/.*)?\r?$/.test(restOfLine)) {
    return applyEdits(text, modify(text, [...parentPath, key], undefined, {}));
  }
  const edits: Edit[] = [];
  const next = lineEnd(text, afterEntry);
  edits.push({ offset: lineStart, length: Math.min(text.length, next + 1) - lineStart, content: "" });
  // The last entry had no comma of its own: the one before it must lose its comma (JSON, not JSONC,
  // readers refuse a trailing comma). A trailing comma the user wrote after the last entry is kept.
  const isLast = index === parent.children.length - 1;
  const previous = parent.children[index - 1];
  if (isLast && comma.kind !== COMMA && previous) {
    const prevComma = nextToken(text, previous.offset + previous.length);
    if (prevComma.kind === COMMA) edits.push({ offset: prevComma.offset, length: 1, content: "" });
  }
  return applyEdits(text, edits);
}

/**
 * When the last entry ends its line (maybe with a comma and a // comment), the new entry goes on a line
 * of its own after it, indented like it, so that line's comment stays where it was.
 */
function insertOnOwnLine(
  text: string,
  siblings: Node[],
  key: string,
  value: unknown,
  fmt: Formatting,
): string | undefined {
  const last = siblings[siblings.length - 1] as Node;
  const lineStart = text.lastIndexOf("\n", last.offset - 1) + 1;
  const indent = text.slice(lineStart, last.offset);
  if (indent.trim() !== "") return undefined;
  const end = last.offset + last.length;
  const comma = nextToken(text, end);
  const hasComma = comma.kind === COMMA;
  const after = hasComma ? comma.offset + 1 : end;
  const eolAt = lineEnd(text, after);
  const rest = text.slice(after, eolAt);
  if (!/^[ \t]*(\/\/[^\n]*)?\r?$/.test(rest)) return undefined;
  // Before a CRLF's \r, so the line keeps its own line end.
  const at = text[eolAt - 1] === "\r" ? eolAt - 1 : eolAt;
  const entry = `${JSON.stringify(key)}: ${pretty(value, indent, fmt)}${hasComma ? "," : ""}`;
  // The entry before had no comma (it was last): it gets one, and the rest of its line stays after it.
  // A trailing-comma style is kept. One edit, so the comma cannot land after the new entry.
  const tail = text.slice(end, at);
  const edits: Edit[] = [
    { offset: end, length: at - end, content: `${hasComma ? "" : ","}${tail}${fmt.eol}${indent}${entry}` },
  ];
  return applyEdits(text, edits);
}

function pretty(value: unknown, indent: string, fmt: Formatting): string {
  const unit = fmt.insertSpaces ? " ".repeat(fmt.tabSize) : "\t";
  return JSON.stringify(value, null, unit)
    .split("\n")
    .join(fmt.eol + indent);
}

/** Replaces a value node with pretty JSON indented to match the line it starts on. */
function replaceNode(text: string, node: Node, value: unknown, fmt: Formatting): string {
  const lineStart = text.lastIndexOf("\n", node.offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
  return applyEdits(text, [
    { offset: node.offset, length: node.length, content: pretty(value, indent, fmt) },
  ]);
}

/** The first token at or after `offset` that is not whitespace or a comment. */
function nextToken(text: string, offset: number): { kind: number; offset: number } {
  const scanner = createScanner(text.slice(offset), false);
  for (;;) {
    const kind = scanner.scan();
    if (!TRIVIA.has(kind)) {
      return { kind, offset: offset + scanner.getTokenOffset() };
    }
  }
}

function lineEnd(text: string, offset: number): number {
  const at = text.indexOf("\n", offset);
  return at === -1 ? text.length : at;
}
