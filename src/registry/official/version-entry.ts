import { parseOfficialName } from "../../core/official/names.js";
import { answersTo, connectorOfUpstreamName, localVersion } from "./upstream-names.js";
import type { VersionSource } from "../../core/official/server-json.js";
import { OFFICIAL_META } from "../../core/official/types.js";
import type { Prepared } from "../../core/api/prepared.js";
import { prepare } from "../documents.js";
import type { ConnectorOutline } from "../../core/official/connector-outline.js";
import { officialLatest, versionEntries, type OfficialContext } from "./entries.js";

// GET /v0.1/servers/{name}/versions/{version}, the read clients repeat most (VS Code, add-mcp and the like
// ask for `latest` of each server they show). Two prepared point reads per request; the rest is remembered:
// the connector document's `latest` by its ETag, and the prepared entry by every validator it depends on
// (connector ETag and downloads, version ETag), so an entry is never stale and never rebuilt twice.

const MAX_ENTRIES = 2048;
const latestByEtag = new Map<string, { doc: ConnectorOutline; latest: string | undefined }>();
const prepared = new Map<string, Prepared>();

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
  return value;
}

/** The prepared entry, or undefined when there is none to serve (the caller explains why: 404). */
export async function preparedVersionEntry(
  ctx: OfficialContext,
  name: string,
  ref: string,
  includeDeleted: boolean,
): Promise<Prepared | undefined> {
  const own = parseOfficialName(ctx.namespace, name);
  const parsed = own ?? (await connectorOfUpstreamName(ctx, name));
  if (!parsed) return undefined;
  const { repo, publicUrl } = ctx.deps;
  const found = await repo.connectorDocument(parsed.connector);
  if (!found) return undefined;
  const docKey = `${publicUrl}|${parsed.connector}|${found.etag}`;
  const c =
    latestByEtag.get(docKey) ??
    remember(
      latestByEtag,
      docKey,
      (() => {
        const doc = JSON.parse(found.body) as ConnectorOutline;
        return { doc, latest: officialLatest(doc) };
      })(),
    );
  const version = ref === "latest" ? c.latest : localVersion(c.doc.versions, ref);
  if (version === undefined || !Object.hasOwn(c.doc.versions, version)) return undefined;
  const vdoc = await repo.versionDocument(parsed.connector, version);
  if (!vdoc) return undefined;
  const key = `${ctx.namespace}|${docKey}|${found.downloads}|${vdoc.etag}|${name}|${version}|${includeDeleted}`;
  const hit = prepared.get(key);
  if (hit) return hit;
  const row = { name: parsed.connector, doc: c.doc, downloads: found.downloads, latest: c.latest };
  const local = own && own.server === undefined ? own.connector : undefined;
  const entry = (await versionEntries(ctx, row, JSON.parse(vdoc.body) as VersionSource)).find((e) =>
    answersTo(e, name, local),
  );
  if (!entry || (!includeDeleted && entry._meta[OFFICIAL_META].status === "deleted")) return undefined;
  const p = prepare(entry);
  return remember(prepared, key, { body: p.body, etag: `"${p.etag}"` });
}
