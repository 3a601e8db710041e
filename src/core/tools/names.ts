import { sha256Hex } from "./canonical.js";

/** The providers' rule for function names (OpenAI, Anthropic). */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const FUNCTION_NAME_MAX = 64;
/** Between the server name and the tool name: `weather__get_weather`. */
export const NAME_SEPARATOR = "__";

/** One tool to name: the server it comes from and its own MCP name. */
export interface ToolRef {
  server: string;
  tool: string;
}

/**
 * Gives every (server, tool) a function name matching `^[a-zA-Z0-9_-]{1,64}$`, unique across the set.
 * `server__tool` when that already fits and no other pair joins to the same text; otherwise a readable
 * ASCII form shortened to fit, with a hash suffix of the exact pair so different pairs never meet.
 * Keyed by the pair: server `a` + tool `b__c` and server `a__b` + tool `c` both join to `a__b__c`, and
 * both get the hashed form (neither may take the plain one and shadow the other). Deterministic: the
 * same set gives the same names whatever its order. Returns the names in the order of `refs`.
 */
export function assignFunctionNames(refs: readonly ToolRef[]): string[] {
  const keys = refs.map(pairKey);
  const byKey = new Map(refs.map((r, i) => [keys[i] as string, r]));
  const joins = new Map<string, number>();
  for (const r of byKey.values()) joins.set(joined(r), (joins.get(joined(r)) ?? 0) + 1);
  const unique = [...byKey.keys()].sort();
  const chosen = new Map<string, string>();
  const taken = new Set<string>();
  // Names that need no change claim theirs first, so adding a server never renames an ordinary tool.
  for (const key of unique) {
    const raw = joined(byKey.get(key) as ToolRef);
    if (FUNCTION_NAME_PATTERN.test(raw) && joins.get(raw) === 1) {
      chosen.set(key, raw);
      taken.add(raw);
    }
  }
  for (const key of unique) {
    if (chosen.has(key)) continue;
    const ref = byKey.get(key) as ToolRef;
    const raw = joined(ref);
    // The hash of a pair whose joined text is unique is the hash of that text (names stay as they
    // were); a colliding pair hashes the pair itself, so the two differ.
    const hashed = joins.get(raw) === 1 ? raw : key;
    // A longer hash only when a shorter one is taken (a 32-bit collision, or a tool literally named
    // like another's shortened form): still deterministic, since `unique` is sorted.
    let name = "";
    for (let hexLength = 8; hexLength <= 48; hexLength += 4) {
      name = shortened(hashed, ref, hexLength);
      if (!taken.has(name)) break;
    }
    chosen.set(key, name);
    taken.add(name);
  }
  return keys.map((key) => chosen.get(key) as string);
}

/**
 * Why a server's effective name cannot be joined to its tools' names, or undefined: a `__` inside it
 * would make `<server>__<tool>` ambiguous (the gateway leaves such a server out; publish refuses it).
 */
export function joinableServerName(name: string): string | undefined {
  return name.includes(NAME_SEPARATOR)
    ? `server name "${name}" holds "${NAME_SEPARATOR}", which separates a server's name from its tools' names (\`${name}${NAME_SEPARATOR}tool\` would be ambiguous); rename it without "${NAME_SEPARATOR}"`
    : undefined;
}

const joined = (r: ToolRef) => `${r.server}${NAME_SEPARATOR}${r.tool}`;
const pairKey = (r: ToolRef) => JSON.stringify([r.server, r.tool]);

/** The readable part of a name: ASCII letters, digits, `_` and `-`; accents dropped, anything else `_`. */
export function sanitizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-zA-Z0-9_-]+/g, "_");
}

// The hash is over the exact original; the readable part only helps a person recognise the tool
// (a part with nothing readable left, like `天气`, becomes `server` / `tool`).
function shortened(hashed: string, ref: ToolRef, hexLength: number): string {
  const suffix = `_${sha256Hex(hashed).slice(0, hexLength)}`;
  const part = (text: string, fallback: string) => sanitizeName(text).replace(/^_+|_+$/g, "") || fallback;
  const readable = `${part(ref.server, "server")}${NAME_SEPARATOR}${part(ref.tool, "tool")}`;
  return readable.slice(0, FUNCTION_NAME_MAX - suffix.length) + suffix;
}
