import type { ImportProvenance } from "../../core/api/documents.js";
import type { OfficialContext } from "./entries.js";
import { CONNECTORY_META, type ServerResponse } from "../../core/official/types.js";

// A connector imported from the official registry's server.json is served under its upstream name
// (`io.github.brave/brave-search-mcp-server`), not `<namespace>/<connector>`, so the official API round
// trip gives back the name that went in; a search finds it by the words of the name's last part (the
// namespace is no longer a keyword, so `github` does not find every io.github entry). A name is looked up exactly in the indexed column
// connectors.upstream_name, which every write fills from the shown version's provenance.

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

/**
 * The words a search for `text` looks up in the full-text index: those of the part after the namespace
 * for an official-style name (`io.github.brave/brave-search-mcp-server` → brave search mcp server), since
 * namespaces are not indexed as words; the text's own words otherwise. Used by the upstream-name lookup
 * and by GET /v0.1/servers?search=.
 */
export function officialSearchText(text: string): string {
  const slash = text.indexOf("/");
  return slash > 0 && OFFICIAL_NAME.test(text) ? text.slice(slash + 1) : text;
}

/** The connector served under an upstream name, if any: one indexed lookup (connectors.upstream_name). */
export async function connectorOfUpstreamName(
  ctx: OfficialContext,
  name: string,
): Promise<{ connector: string } | undefined> {
  if (!OFFICIAL_NAME.test(name) || name.length > 200 || name.startsWith(`${ctx.namespace}/`))
    return undefined;
  const connector = await ctx.deps.repo.connectorOfUpstreamName(name);
  return connector === undefined ? undefined : { connector };
}

/**
 * Whether an entry answers to the name asked for: its own (`server.name`, an upstream name for an imported
 * server.json), or its connector's local official name `<namespace>/<connector>` (`local`), which every
 * single-server connector keeps whatever name it is served under.
 */
export function answersTo(entry: ServerResponse, name: string, local: string | undefined): boolean {
  return (
    entry.server.name === name ||
    (local !== undefined && entry._meta[CONNECTORY_META]?.["connector"] === local)
  );
}

/**
 * The connector version a version ref names: the ref itself, or the version whose upstream version string
 * (an imported server.json's, which need not be the package's semver) it is.
 */
export function localVersion(
  versions: Record<string, { upstreamVersion?: string }>,
  ref: string,
): string | undefined {
  if (Object.hasOwn(versions, ref)) return ref;
  return Object.keys(versions).find((v) => versions[v]!.upstreamVersion === ref);
}
