/**
 * Nesting limit for JSON Connectory did not write (packages, server.json, catalogs, registry answers).
 * JSON.parse itself copes with any depth, but every reader after it (key folding, schema validation,
 * JSON.stringify) recurses, and a 200,000-deep array overflows the stack there. No real document comes
 * near this: the deepest tool schema of the Docker MCP catalog nests about a dozen levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Too deep to read: a SyntaxError, so every caller's "not valid JSON" handling already words it. */
export class JsonDepthError extends SyntaxError {
  constructor(readonly maxDepth: number) {
    super(`it nests arrays and objects more than ${maxDepth} levels deep, which no document needs`);
    this.name = "JsonDepthError";
  }
}

/** The deepest nesting of arrays and objects in JSON text, found by one scan (strings skipped), capped at `stopAt`. */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) >= stopAt) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** JSON.parse for foreign text: a BOM is dropped, and nesting past `maxDepth` throws JsonDepthError before parsing. */
export function parseForeignJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (jsonDepth(body, maxDepth + 1) > maxDepth) throw new JsonDepthError(maxDepth);
  return JSON.parse(body) as unknown;
}

/** The nesting depth of a parsed value (arrays and objects), walked without recursion, capped at `stopAt`. */
export function valueDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > deepest && (deepest = depth + 1) >= stopAt) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
