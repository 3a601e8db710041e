import { createHash } from "node:crypto";
import type { Json, McpTool } from "./types.js";

/**
 * The parts of a tool definition that an LLM reads or that change what a call does: a change in any
 * of them (down to one nested parameter description) is drift. `_meta` and `icons` are left out:
 * they are presentation and transport details servers may vary freely.
 */
const PINNED_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

/** The pinned view of a tool: the fields above, as plain JSON, absent fields omitted. */
export function pinnedDefinition(tool: McpTool): Record<string, Json> {
  const out = emptyObject();
  for (const field of PINNED_FIELDS) {
    const value = tool[field];
    if (value !== undefined) out[field] = toJson(value, `/${field}`);
  }
  return out;
}

/**
 * Canonical JSON (RFC 8785 style): object keys sorted by UTF-16 code units, no whitespace, arrays in
 * order. Two definitions that differ only in key order or spacing give the same text.
 */
export function canonicalJson(value: unknown): string {
  return serialize(toJson(value, ""));
}

/** sha256 (hex) of a tool's canonical pinned definition. */
export function toolHash(tool: McpTool): string {
  return sha256Hex(canonicalJson(pinnedDefinition(tool)));
}

/** sha256 hex of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function serialize(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${serialize(value[k] as Json)}`).join(",")}}`;
}

// Normalises to JSON: drops undefined members (as JSON.stringify does), rejects what JSON cannot hold
// so a hash is never computed over a value that would not survive a round trip through pins.json.
function toJson(value: unknown, path: string): Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path || "/"}: ${value} is not a JSON number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => (v === undefined ? null : toJson(v, `${path}/${i}`)));
  if (typeof value === "object") {
    const out = emptyObject();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) out[k] = toJson(v, `${path}/${k}`);
    }
    return out;
  }
  throw new TypeError(`${path || "/"}: a ${typeof value} is not JSON`);
}

// A null-prototype object: a hostile `"__proto__"` key from JSON.parse stays a plain member.
function emptyObject(): Record<string, Json> {
  return Object.create(null) as Record<string, Json>;
}
