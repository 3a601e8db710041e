import type { ImportProvenance } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import { parseSearch } from "../search-params.js";
import type { OfficialContext } from "./entries.js";

// A connector imported from the official registry's server.json is served under its upstream name
// (`io.github.brave/brave-search-mcp-server`), not `<namespace>/<connector>`, so the official API round
// trip gives back the name that went in. Such names are found through the full-text index (the upstream
// name is one of the connector's keywords), then checked exactly against the recorded provenance.

/** The official name rule (server.json `name`). */
const OFFICIAL_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/**
 * The upstream name a connector's entries are served under, if it has one: its shown version was
 * imported from a server.json, the connector has one server, and the name is not in our own namespace.
 */
export function upstreamServerName(
  provenance: ImportProvenance | undefined,
  namespace: string,
  servers: number,
): string | undefined {
  if (provenance?.format !== "server-json" || servers !== 1) return undefined;
  const name = provenance.upstreamName;
  if (name.length > 200 || !OFFICIAL_NAME.test(name) || name.startsWith(`${namespace}/`)) return undefined;
  return name;
}

/** The connector served under an upstream name, if any. */
export async function connectorOfUpstreamName(
  ctx: OfficialContext,
  name: string,
): Promise<{ connector: string } | undefined> {
  if (!OFFICIAL_NAME.test(name) || name.length > 200 || name.startsWith(`${ctx.namespace}/`))
    return undefined;
  let terms: string[];
  try {
    terms = parseSearch({ q: name }).terms;
  } catch (error) {
    if (isConnectoryError(error)) return undefined;
    throw error;
  }
  if (terms.length === 0) return undefined;
  const rows = await ctx.deps.repo.search({ terms, sort: "name", limit: 20 });
  for (const row of rows) {
    const found = await ctx.deps.repo.connectorDocument(row.name);
    const doc = found ? (JSON.parse(found.body) as { provenance?: ImportProvenance }) : undefined;
    if (upstreamServerName(doc?.provenance, ctx.namespace, 1) === name) return { connector: row.name };
  }
  return undefined;
}
