import type { ServerListQuery } from "./listing-queries.js";

/**
 * How a listing's name match is tested, decided once for both dialects: a needle inside the prefix
 * (`dev.con`) matches every name; one that reaches across the slash (`connectory/wea`) is looked for in
 * `prefix || name`; any other only in the name, which needs no string built per row.
 */
export function nameMatch(query: ServerListQuery): "none" | "all" | "prefixed" | "name" {
  if (query.needle === undefined) return "none";
  if (query.prefix.includes(query.needle)) return "all";
  return query.needle.includes("/") ? "prefixed" : "name";
}
