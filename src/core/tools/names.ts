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
 * `server__tool` when that already fits; otherwise a readable ASCII form shortened to fit, with a hash
 * suffix of the exact original so different originals never meet. Deterministic: the same set gives
 * the same names whatever its order. Returns the names in the order of `refs`.
 */
export function assignFunctionNames(refs: readonly ToolRef[]): string[] {
  const raws = refs.map((r) => `${r.server}${NAME_SEPARATOR}${r.tool}`);
  const byRaw = new Map(refs.map((r, i) => [raws[i] as string, r]));
  const unique = [...byRaw.keys()].sort();
  const chosen = new Map<string, string>();
  const taken = new Set<string>();
  // Names that need no change claim theirs first, so adding a server never renames an ordinary tool.
  for (const raw of unique) {
    if (FUNCTION_NAME_PATTERN.test(raw)) {
      chosen.set(raw, raw);
      taken.add(raw);
    }
  }
  for (const raw of unique) {
    if (chosen.has(raw)) continue;
    // A longer hash only when a shorter one is taken (a 32-bit collision, or a tool literally named
    // like another's shortened form): still deterministic, since `unique` is sorted.
    let name = "";
    for (let hexLength = 8; hexLength <= 48; hexLength += 4) {
      name = shortened(raw, byRaw.get(raw) as ToolRef, hexLength);
      if (!taken.has(name)) break;
    }
    chosen.set(raw, name);
    taken.add(name);
  }
  return raws.map((raw) => chosen.get(raw) as string);
}

/** The readable part of a name: ASCII letters, digits, `_` and `-`; accents dropped, anything else `_`. */
export function sanitizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-zA-Z0-9_-]+/g, "_");
}

// The hash is over the exact original; the readable part only helps a person recognise the tool
// (a part with nothing readable left, like `天气`, becomes `server` / `tool`).
function shortened(raw: string, ref: ToolRef, hexLength: number): string {
  const suffix = `_${sha256Hex(raw).slice(0, hexLength)}`;
  const part = (text: string, fallback: string) => sanitizeName(text).replace(/^_+|_+$/g, "") || fallback;
  const readable = `${part(ref.server, "server")}${NAME_SEPARATOR}${part(ref.tool, "tool")}`;
  return readable.slice(0, FUNCTION_NAME_MAX - suffix.length) + suffix;
}
