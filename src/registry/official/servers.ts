import { ConnectoryError } from "../../core/errors.js";
import { parseOfficialName } from "../../core/official/names.js";
import type { ServerList, ServerResponse } from "../../core/official/types.js";
import { clip } from "../names.js";
import { resolveVersionRef } from "../reads.js";
import { parseSearch } from "../search-params.js";
import { officialSearchText } from "./upstream-names.js";
import type { Prepared } from "../../core/api/prepared.js";
import {
  connectorEntries,
  outlineOf,
  wantedVersions,
  type OfficialContext,
  type VersionPick,
} from "./entries.js";
import { answersTo, connectorOfUpstreamName } from "./upstream-names.js";
import { preparedVersionEntry } from "./version-entry.js";
import { prepare } from "../documents.js";
import {
  encodeCursor,
  parseListParams,
  type ListPosition,
  type ListQuery,
  type ServerListParams,
} from "./list-params.js";

// The official registry read API over Connectory's connectors (GET /v0.1/servers …).

/**
 * GET /v0.1/servers, as it goes on the wire: the page serialized with its ETag, built once while the
 * database stays the same (every input of a page is in the database, or in the key), so a repeated
 * listing reads and serializes nothing (issue 29).
 */
export async function listServersPrepared(ctx: OfficialContext, params: ServerListParams): Promise<Prepared> {
  const parsed = parseListParams(params); // a bad query is refused before the cache is asked
  const given = [params.search, params.cursor, params.limit, params.version, params.updated_since];
  const key = `v0.1 ${ctx.namespace} ${ctx.deps.publicUrl} ${JSON.stringify([...given, params.include_deleted])}`;
  return ctx.deps.repo.whileUnchanged(key, async () => {
    const page = prepare(await listServers(ctx, parsed));
    return { body: page.body, etag: `"${page.etag}"` };
  });
}

/** GET /v0.1/servers: a page of entries, name matches of `search` first, then by name. */
async function listServers(
  ctx: OfficialContext,
  { filters, limit, position }: ListQuery,
): Promise<ServerList> {
  const pick: VersionPick =
    filters.version === undefined
      ? { all: true }
      : filters.version === "latest"
        ? { latest: true }
        : { exact: filters.version };
  // The official rule: updated_since always includes deleted entries (a sync must see removals).
  const includeDeleted = filters.includeDeleted || filters.updatedSince !== undefined;
  const search = filters.search;
  const base = {
    prefix: `${ctx.namespace.toLowerCase()}/`,
    ...(search !== undefined
      ? { needle: search.toLowerCase(), terms: parseSearch({ q: officialSearchText(search) }).terms }
      : { terms: [] }),
    ...(filters.updatedSince !== undefined ? { updatedSince: filters.updatedSince } : {}),
  };
  const servers: ServerResponse[] = [];
  let resume: ListPosition | undefined = position;
  const batch = Math.max(limit + 1, 2); // ≥ 2: a batch resuming on a spent connector still moves on
  for (;;) {
    const rows = await ctx.deps.repo.listServers({
      ...base,
      ...(resume ? { from: { group: resume.group, name: resume.name } } : {}),
      limit: batch,
    });
    // The page's version documents: each row's `latest` came with it; the others in one read (one round
    // trip on PostgreSQL, not one per entry), when the page wants any.
    const prefetched = new Map<string, Prepared>();
    for (const row of rows)
      if (row.latest !== null && row.latestDocument !== null && row.latestEtag !== null)
        prefetched.set(`${row.name}@${row.latest}`, { body: row.latestDocument, etag: row.latestEtag });
    const outlines = new Map(rows.map((row) => [row, outlineOf(row)]));
    const others = rows.flatMap((row) =>
      wantedVersions(outlines.get(row)!, pick, includeDeleted)
        .filter((version) => !prefetched.has(`${row.name}@${version}`))
        .map((version) => ({ name: row.name, version })),
    );
    if (others.length > 0)
      for (const [key, found] of await ctx.deps.repo.versionDocuments(others)) prefetched.set(key, found);
    for (const row of rows) {
      const skip = resume && row.group === resume.group && row.name === resume.name ? resume.skip : 0;
      const entries = (
        await connectorEntries(ctx, row, pick, includeDeleted, prefetched, outlines.get(row))
      ).slice(skip);
      for (const [k, entry] of entries.entries()) {
        if (servers.length === limit) {
          const next = encodeCursor(filters, { group: row.group, name: row.name, skip: skip + k });
          return { servers, metadata: { count: servers.length, nextCursor: next } };
        }
        servers.push(entry);
      }
    }
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return { servers, metadata: { count: servers.length } };
    resume = { group: last.group, name: last.name, skip: Number.MAX_SAFE_INTEGER };
  }
}

/** GET /v0.1/servers/{name}/versions: every version of one server, newest first. */
export async function serverVersions(
  ctx: OfficialContext,
  name: string,
  includeDeleted: boolean,
): Promise<ServerList> {
  const servers = await entriesNamed(ctx, name, { all: true }, includeDeleted);
  if (servers.length === 0) throw serverNotFound(name);
  return { servers, metadata: { count: servers.length } };
}

/** GET /v0.1/servers/{name}/versions/{version}: one version (`latest` allowed), prepared for sending. */
export async function serverVersion(
  ctx: OfficialContext,
  name: string,
  version: string,
  includeDeleted: boolean,
): Promise<Prepared> {
  const entry = await preparedVersionEntry(ctx, name, version, includeDeleted);
  if (entry) return entry;
  if ((await entriesNamed(ctx, name, { all: true }, includeDeleted)).length === 0) throw serverNotFound(name);
  throw new ConnectoryError("official.version.not-found", `${clip(name)} has no version ${clip(version)}`, {
    status: 404,
    hint: `list its versions with GET /v0.1/servers/${encodeURIComponent(name)}/versions`,
  });
}

/** GET /v1/connectors/:name/:version/server.json: the entries of one version, yanked ones included. */
export async function versionServerJson(
  ctx: OfficialContext,
  name: string,
  ref: string,
): Promise<ServerList> {
  const version = await resolveVersionRef(ctx.deps, name, ref);
  const found = await ctx.deps.repo.connectorDocument(name);
  const servers = found
    ? await connectorEntries(
        ctx,
        { name, document: found.body, etag: found.etag, downloads: found.downloads },
        { exact: version },
        true,
      )
    : [];
  if (
    servers.length === 0 &&
    !(found && version in (JSON.parse(found.body) as { versions: object }).versions)
  )
    throw new ConnectoryError("version.not-found", `${name} has no version ${clip(version)}`, {
      status: 404,
    });
  return { servers, metadata: { count: servers.length } };
}

async function entriesNamed(
  ctx: OfficialContext,
  name: string,
  pick: VersionPick,
  includeDeleted: boolean,
): Promise<ServerResponse[]> {
  const own = parseOfficialName(ctx.namespace, name);
  const parsed = own ?? (await connectorOfUpstreamName(ctx, name));
  if (!parsed) return [];
  const found = await ctx.deps.repo.connectorDocument(parsed.connector);
  if (!found) return [];
  const row = { name: parsed.connector, document: found.body, etag: found.etag, downloads: found.downloads };
  const local = own && own.server === undefined ? own.connector : undefined;
  return (await connectorEntries(ctx, row, pick, includeDeleted)).filter((e) => answersTo(e, name, local));
}

function serverNotFound(name: string): ConnectoryError {
  return new ConnectoryError("official.server.not-found", `no server named "${clip(name)}"`, {
    status: 404,
    hint: "find servers with GET /v0.1/servers?search=<words>",
  });
}
