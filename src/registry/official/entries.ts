import semver from "semver";
import type { ConnectorDocument } from "../../core/api/documents.js";
import { connectorOutline, type ConnectorOutline } from "../../core/official/connector-outline.js";
import { localVersion, upstreamServerName } from "./upstream-names.js";
import { serverEntries, type VersionSource } from "../../core/official/server-json.js";
import type { ServerResponse } from "../../core/official/types.js";
import { CONNECTORY_META, OFFICIAL_META } from "../../core/official/types.js";
import type { RegistryDeps } from "../context.js";
import type { Prepared } from "../../core/api/prepared.js";
import { ensureBundles } from "./bundles.js";
import { Doorkeeper } from "./doorkeeper.js";

/** What the official API services work with: the registry's deps and its namespace (REGISTRY_NAMESPACE). */
export interface OfficialContext {
  deps: RegistryDeps;
  namespace: string;
}

// Built entries of recent versions (listings page through the same connectors again and again), kept
// from their second build on: one built once, as most first-asked searches' are, is never kept (doorkeeper.ts).
const MAX_REMEMBERED = 4096;
const remembered = new Map<string, ServerResponse[]>();
const builtBefore = new Doorkeeper();

/**
 * What a listing needs of a connector document to pick versions (its official latest, which versions are
 * yanked), remembered by name and ETag: the ETag is the document's hash, so the same ETag is the same
 * document, whichever process wrote it, and any write (a yank, a tag, a deprecation) is a new ETag. A page
 * of a listing then parses no connector document it has seen twice; one parsed once, as most first-asked
 * searches' rows are, is not kept (the doorkeeper, as for the entries).
 */
const outlines = new Map<string, Outline>();
const outlinedBefore = new Doorkeeper();

/** A connector's outline and its official latest (officialLatest). */
export interface Outline {
  latest: string | undefined;
  doc: ConnectorOutline;
}

/** The fields of a connector document its entries show (versionEntries). */
type ShownFields = Pick<
  ConnectorOutline,
  "publisher" | "updatedAt" | "quality" | "publisherBadge" | "provenance"
>;

/** A listing's connector: its stored outline when current, else its document (ServerListRow). */
interface OutlinedRow {
  name: string;
  outline?: string | null;
  document: string | null;
  etag: string;
}

/** A listing's row outlined: ask once per row and page, and pass it on (a second ask counts as seen twice). */
export function outlineOf(row: OutlinedRow): Outline {
  const key = `${row.name}|${row.etag}`;
  let outline = outlines.get(key);
  if (!outline) {
    // The stored outline (~300 bytes) when the row has one made from its document, else the document.
    const doc: ConnectorOutline = row.outline
      ? (JSON.parse(row.outline) as ConnectorOutline)
      : connectorOutline(JSON.parse(row.document!) as ConnectorDocument);
    outline = { latest: officialLatest(doc), doc };
    if (outlinedBefore.seenBefore(key)) {
      outlines.set(key, outline);
      if (outlines.size > MAX_REMEMBERED) outlines.delete(outlines.keys().next().value as string);
    }
  }
  return outline;
}

/** Which versions of a connector a request wants. */
export type VersionPick = { latest: true } | { exact: string } | { all: true };

/** The versions of a connector whose entries a request wants (yanked ones only when deleted are wanted). */
export function wantedVersions(outline: Outline, pick: VersionPick, includeDeleted: boolean): string[] {
  const { latest, doc } = outline;
  const exact = "exact" in pick ? localVersion(doc.versions, pick.exact) : undefined;
  const wanted =
    "latest" in pick
      ? latest !== undefined
        ? [latest]
        : []
      : "exact" in pick
        ? exact !== undefined
          ? [exact]
          : []
        : Object.keys(doc.versions);
  return includeDeleted ? wanted : wanted.filter((v) => !doc.versions[v]?.yanked);
}

/**
 * The official `latest` of a connector: its `latest` dist-tag, else (only prereleases) the highest version
 * not yanked, else (all yanked) the highest, which is then `deleted`.
 */
export function officialLatest(doc: Pick<ConnectorOutline, "distTags" | "versions">): string | undefined {
  if (doc.distTags.latest !== undefined) return doc.distTags.latest;
  const ordered = Object.values(doc.versions).sort((a, b) => semver.rcompare(a.version, b.version));
  return (ordered.find((v) => !v.yanked) ?? ordered[0])?.version;
}

/**
 * The entries of one connector for the versions picked, ordered by name, then newest version first;
 * `deleted` entries (yanked versions) only when asked for.
 */
export async function connectorEntries(
  ctx: OfficialContext,
  row: OutlinedRow & { downloads: number },
  pick: VersionPick,
  includeDeleted: boolean,
  /** Version documents read beforehand for a whole page (repo.versionDocuments), keyed `name@version`. */
  prefetched?: Map<string, Prepared>,
  /** The row's outline when the caller has it already (outlineOf). */
  outline: Outline = outlineOf(row),
): Promise<ServerResponse[]> {
  const { latest, doc } = outline;
  const wanted = wantedVersions(outline, pick, includeDeleted);
  const entries: ServerResponse[] = [];
  for (const version of wanted) {
    const found =
      prefetched?.get(`${row.name}@${version}`) ?? (await ctx.deps.repo.versionDocument(row.name, version));
    if (!found) continue; // removed between the two reads
    // Every validator the entries depend on is in the key, so a remembered list is never stale.
    const key = `${ctx.namespace}|${ctx.deps.publicUrl}|${row.name}|${row.etag}|${row.downloads}|${found.etag}`;
    let built = remembered.get(key);
    if (!built) {
      const source = JSON.parse(found.body) as VersionSource;
      built = await versionEntries(ctx, { ...row, doc, latest }, source);
      if (builtBefore.seenBefore(key)) {
        remembered.set(key, built);
        if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
      }
    }
    entries.push(...built);
  }
  return entries
    .filter((e) => includeDeleted || e._meta[OFFICIAL_META].status !== "deleted")
    .sort((a, b) =>
      a.server.name < b.server.name
        ? -1
        : a.server.name > b.server.name
          ? 1
          : semver.rcompare(entryVersion(a), entryVersion(b)),
    );
}

/** The connector version of an entry (an imported server.json's own `version` need not be semver). */
function entryVersion(e: ServerResponse): string {
  const v = e._meta[CONNECTORY_META]?.["version"];
  return typeof v === "string" ? v : e.server.version;
}

/** The entries of one version document (every server, deleted or not), its bundles built if needed. */
export async function versionEntries(
  ctx: OfficialContext,
  connector: { name: string; doc: ShownFields; downloads: number; latest: string | undefined },
  source: VersionSource,
): Promise<ServerResponse[]> {
  const upstreamName = upstreamServerName(
    connector.doc.provenance,
    ctx.namespace,
    // A listing-only connector's one entry is its server.json (serverEntries).
    Object.keys(source.mcp.mcpServers).length || (source.serverJson !== undefined ? 1 : 0),
  );
  return serverEntries({
    namespace: ctx.namespace,
    publicUrl: ctx.deps.publicUrl,
    connector: {
      name: connector.name,
      publisher: connector.doc.publisher,
      ...(connector.doc.publisherBadge ? { publisherBadge: connector.doc.publisherBadge } : {}),
      ...(upstreamName !== undefined ? { upstreamName } : {}),
      updatedAt: connector.doc.updatedAt,
      downloads: connector.downloads,
      ...(connector.latest !== undefined ? { latest: connector.latest } : {}),
      ...(connector.doc.quality !== undefined ? { quality: connector.doc.quality.score } : {}),
    },
    version: source,
    bundles: await ensureBundles(ctx.deps, connector.name, source),
  });
}
