import type {
  CategoriesDocument,
  ConnectorDocument,
  SearchPage,
  VersionDocument,
} from "../core/api/documents.js";
import { ConnectoryError } from "../core/errors.js";
import { CATEGORIES } from "../core/types.js";
import type { Prepared } from "../core/api/prepared.js";
import type { RegistryDeps } from "./context.js";
import { withDownloads } from "./documents.js";
import { downloadMark } from "./download-mark.js";
import { notFound } from "./manage.js";
import { checkName, clip, parseRef } from "./names.js";
import { encodeCursor, parseSearch, type SearchParams } from "./search-params.js";

/** The connector document (prepared bytes + live downloads) for GET /v1/connectors/:name. */
export async function getConnector(deps: RegistryDeps, name: string): Promise<Prepared> {
  const found = await deps.repo.connectorDocument(checkName(name));
  if (!found) throw notFound(name);
  return withDownloads(found);
}

/** The parsed connector document, for code inside the registry (web pages). */
export async function readConnector(deps: RegistryDeps, name: string): Promise<ConnectorDocument> {
  return JSON.parse((await getConnector(deps, name)).body) as ConnectorDocument;
}

/** Resolves a version or tag to an exact version (404 when there is none). */
export async function resolveVersionRef(deps: RegistryDeps, name: string, ref: string): Promise<string> {
  checkName(name);
  const parsed = parseRef(ref);
  if ("version" in parsed) return parsed.version;
  const version = await deps.repo.resolveTag(name, parsed.tag);
  if (version === undefined) {
    if (!(await deps.repo.connectorDocument(name))) throw notFound(name);
    throw new ConnectoryError("dist-tag.not-found", `${name} has no dist-tag "${clip(parsed.tag)}"`, {
      status: 404,
    });
  }
  return version;
}

/** The version document for GET /v1/connectors/:name/:version (a version or a tag). */
export async function getVersion(deps: RegistryDeps, name: string, ref: string): Promise<Prepared> {
  const version = await resolveVersionRef(deps, name, ref);
  const found = await deps.repo.versionDocument(name, version);
  if (!found) throw await versionNotFound(deps, name, version);
  return { body: found.body, etag: `"${found.etag}"` };
}

/** The parsed version document, for code inside the registry (web pages, host snippets). */
export async function readVersion(deps: RegistryDeps, name: string, ref: string): Promise<VersionDocument> {
  return JSON.parse((await getVersion(deps, name, ref)).body) as VersionDocument;
}

/**
 * The tarball bytes of an exact version; counts a download unless `count` is false (HEAD, 304), and
 * only the first of the day per client address (`client`; download-mark.ts says what counts).
 */
export async function getTarball(
  deps: RegistryDeps,
  name: string,
  ref: string,
  options: { count: boolean; client?: string },
): Promise<{ bytes: Uint8Array; sha256: string; integrity: string; size: number }> {
  const version = await resolveVersionRef(deps, name, ref);
  const meta = await deps.repo.tarball(name, version);
  if (!meta) throw await versionNotFound(deps, name, version);
  const bytes = await deps.blobs.get(meta.blobKey);
  if (!bytes) throw new Error(`blob ${meta.blobKey} of ${name}@${version} is missing from the blob store`);
  if (options.count) {
    const mark = await downloadMark(deps, options.client ?? "unknown", name, version);
    await deps.repo.countDownload(name, version, mark);
  }
  return { bytes, sha256: meta.sha256, integrity: meta.integrity, size: meta.size };
}

/** The tarball's validators without reading it (for If-None-Match). */
export async function tarballInfo(deps: RegistryDeps, name: string, ref: string) {
  const version = await resolveVersionRef(deps, name, ref);
  const meta = await deps.repo.tarball(name, version);
  if (!meta) throw await versionNotFound(deps, name, version);
  return { version, ...meta };
}

/** GET /v1/connectors: search and listings with keyset pagination. */
export async function searchConnectors(deps: RegistryDeps, params: SearchParams): Promise<SearchPage> {
  const query = parseSearch(params);
  const rows = await deps.repo.search({ ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ key: _key, ...item }) => item),
    nextCursor: rows.length > query.limit && last ? encodeCursor(query, last) : null,
  };
}

/** Every category of docs/package-format.md with how many connectors are in it (zero included). */
export async function listCategories(deps: RegistryDeps): Promise<CategoriesDocument["categories"]> {
  const counts = new Map((await deps.repo.categories()).map((c) => [c.category, c.count]));
  return CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

async function versionNotFound(deps: RegistryDeps, name: string, version: string): Promise<ConnectoryError> {
  if (!(await deps.repo.connectorDocument(name))) return notFound(name);
  return new ConnectoryError("version.not-found", `${name} has no version ${clip(version)}`, {
    status: 404,
    hint: `see the versions with \`connectory info ${name}\``,
  });
}
