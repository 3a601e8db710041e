import { isObject } from "../json-guards.js";

// The shape of a server.json entry as read by from-server-json.ts: older spellings brought to today's.

type Json = Record<string, unknown>;

/** Older dated schemas (2025-07-09 and before) spell keys in snake_case and name packages differently. */
export function camel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camel);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const key =
      k.startsWith("_") || k.startsWith("$") ? k : k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    // Keys that hold names chosen by people (variables, _meta) keep their spelling.
    out[key] = key === "variables" || key === "_meta" ? v : camel(v);
  }
  if (out["registryName"] !== undefined && out["registryType"] === undefined)
    out["registryType"] = out["registryName"];
  if (out["registryType"] !== undefined && out["identifier"] === undefined && typeof out["name"] === "string")
    out["identifier"] = out["name"];
  if (typeof out["transport"] === "string") out["transport"] = { type: out["transport"] };
  return out;
}
