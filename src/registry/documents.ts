import { createHash } from "node:crypto";
import semver from "semver";
import type {
  ConnectorDocument,
  ImportProvenance,
  PublisherBadge,
  VersionContent,
  VersionDist,
  VersionDocument,
} from "../core/api/documents.js";
import { localizedListing, searchExtra } from "../core/api/search-extra.js";
import { shownVersion } from "../core/api/shown-version.js";
import type { BuildProvenance } from "../core/oidc/provenance.js";
import type { ToolSnapshot } from "../core/tools/snapshot.js";
import type { Signature } from "../core/signing/keys.js";
import type { VersionStatement } from "../core/signing/statement.js";
import type { ConnectorPackage } from "../core/package/validate-package.js";
import type { QualityDocument } from "../core/quality/types.js";
import type { StabilityEvidence } from "../core/quality/evidence.js";
import type { ToolsReport } from "../core/tools/report.js";
import { displaySkeleton, nameSkeleton } from "../core/names/skeleton.js";
import type { ConnectorFields, ConnectorState, VersionRecord } from "../db/connector-rows.js";
import type { Prepared } from "../core/api/prepared.js";
import { storedOutline } from "../core/official/connector-outline.js";
import { checkTargets } from "./checks/check-targets.js";

// The documents the registry serves (types: src/core/api/documents.ts), built once per write and stored
// as bytes. A version's content is kept as JSON in the database so documents can be rebuilt (yank, new URL).

/** The connector document as stored: `downloads` is spliced in at read time (withDownloads). */
type StoredConnectorDocument = Omit<ConnectorDocument, "downloads">;

/** The badge of a publisher that proved nothing and was not made by the importer. */
export const UNVERIFIED: PublisherBadge = { verified: false, domains: [], unclaimed: false };

/** The parts of a validated package a version keeps (skill bodies stay in the tarball). */
export function versionContent(pkg: ConnectorPackage): VersionContent {
  return {
    manifest: pkg.manifest,
    mcp: { mcpServers: pkg.servers },
    ...(pkg.tokenSchema ? { tokenSchema: pkg.tokenSchema } : {}),
    skills: pkg.skills.map((s) => ({ name: s.name, description: s.description, path: s.path })),
    ...(pkg.readme !== undefined ? { readme: pkg.readme } : {}),
    ...(pkg.readmes ? { readmes: pkg.readmes } : {}),
    ...(pkg.icon ? { icon: pkg.icon } : {}),
  };
}

/** Serializes a document and gives it a strong validator (a hash of the exact bytes). */
export function prepare(document: object): Prepared {
  const body = JSON.stringify(document);
  return { body, etag: createHash("sha256").update(body).digest("base64url").slice(0, 27) };
}

/** The absolute tarball URL of a version. */
export function tarballUrl(publicUrl: string, name: string, version: string): string {
  return `${publicUrl}/v1/connectors/${name}/${encodeURIComponent(version)}/tarball`;
}

function dist(publicUrl: string, name: string, v: VersionRecord): VersionDist {
  return {
    tarball: tarballUrl(publicUrl, name, v.version),
    integrity: v.integrity,
    sha256: v.sha256,
    size: v.size,
    // What the registry signed, its signatures and log position (docs/http-api.md, "Signatures").
    ...(v.statement
      ? {
          statement: JSON.parse(v.statement) as VersionStatement,
          signatures: JSON.parse(v.signatures ?? "[]") as Signature[],
          ...(v.logIndex !== null && v.logIndex !== undefined ? { log: { index: v.logIndex } } : {}),
        }
      : {}),
  };
}

/** `GET /v1/connectors/:name/:version`: everything one version declares, plus its state and dist. */
export function versionDocument(
  name: string,
  publisher: string,
  v: VersionRecord,
  publicUrl: string,
): Prepared {
  const content = JSON.parse(v.content) as VersionContent;
  const document: VersionDocument = {
    name,
    version: v.version,
    publisher,
    publishedAt: v.publishedAt,
    yanked: v.yanked,
    ...(v.deprecated !== null ? { deprecated: v.deprecated } : {}),
    ...(v.malicious ? { malicious: v.malicious } : {}),
    ...content,
    // The publisher's report of the version's tools (src/registry/tools.ts), when there is one.
    ...(v.tools ? { tools: JSON.parse(v.tools) as ToolsReport } : {}),
    ...(v.provenance ? { provenance: JSON.parse(v.provenance) as ImportProvenance } : {}),
    ...(v.buildProvenance ? { buildProvenance: JSON.parse(v.buildProvenance) as BuildProvenance } : {}),
    ...(v.toolSnapshot ? { toolSnapshot: JSON.parse(v.toolSnapshot) as ToolSnapshot } : {}),
    // The upstream server.json, verbatim: /v0.1 serves it as this version's `server`.
    ...(v.serverJson ? { serverJson: JSON.parse(v.serverJson) as Record<string, unknown> } : {}),
    dist: dist(publicUrl, name, v),
  };
  return prepare(document);
}

/**
 * `latest` (docs/http-api.md): an explicit tag wins; otherwise the highest version that is neither yanked nor a
 * prerelease; with only prereleases, the highest of those not yanked (as npm's first publish of a
 * prerelease sets `latest`: an imported `0.0.1-seed` or `0.0.0-docker.…` is installable by name). With
 * only yanked versions there is no `latest`.
 */
export function distTags(state: Pick<ConnectorState, "versions" | "tags">): Record<string, string> {
  const tags = { ...state.tags };
  if (tags.latest === undefined) {
    const live = state.versions
      .filter((v) => !v.yanked)
      .map((v) => v.version)
      .sort(semver.rcompare);
    const best = live.find((v) => semver.prerelease(v) === null) ?? live[0];
    if (best !== undefined) tags.latest = best;
  }
  return tags;
}

/** The version whose fields a connector document shows (shownVersion of its versions and dist-tags). */
export function shownRecord(state: Pick<ConnectorState, "versions" | "tags">): VersionRecord | undefined {
  const ordered = [...state.versions].sort((a, b) => semver.compare(a.version, b.version));
  return shownVersion(ordered, distTags(state).latest);
}

/**
 * The listing fields and connector document of a connector. Its descriptive fields come from the version
 * people get (shownVersion: `latest`, else the highest non-yanked version, else the highest); `quality`
 * is its score with the checklist and `checks` the stability evidence that score was computed from
 * (src/registry/quality.ts reads both from the database in the write's transaction).
 */
export function connectorFields(
  state: ConnectorState,
  publicUrl: string,
  quality: QualityDocument,
  checks?: StabilityEvidence,
): ConnectorFields {
  const tags = distTags(state);
  const ordered = [...state.versions].sort((a, b) => semver.compare(a.version, b.version));
  const shown = shownVersion(ordered, tags.latest);
  const content = shown ? (JSON.parse(shown.content) as VersionContent) : undefined;
  const m = content?.manifest;
  const i18n = localizedListing(m?.i18n);
  const document: StoredConnectorDocument = {
    name: state.name,
    ...(m?.displayName !== undefined ? { displayName: m.displayName } : {}),
    description: m?.description ?? "",
    ...(i18n ? { i18n } : {}),
    publisher: state.publisher,
    ...(m?.license !== undefined ? { license: m.license } : {}),
    ...(m?.homepage !== undefined ? { homepage: m.homepage } : {}),
    ...(m?.repository !== undefined ? { repository: m.repository } : {}),
    keywords: m?.keywords ?? [],
    categories: m?.categories ?? [],
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    distTags: tags,
    versions: Object.fromEntries(
      ordered.map((v) => [
        v.version,
        {
          version: v.version,
          publishedAt: v.publishedAt,
          yanked: v.yanked,
          ...(v.deprecated !== null ? { deprecated: v.deprecated } : {}),
          ...(v.malicious ? { malicious: v.malicious } : {}),
          // The version string upstream, when it is not this one (GET /v0.1/servers/{name}/versions/{it}).
          ...(upstreamVersionOf(v) !== undefined ? { upstreamVersion: upstreamVersionOf(v) } : {}),
          dist: dist(publicUrl, state.name, v),
        },
      ]),
    ),
    quality,
    ...(checks ? { checks } : {}),
    publisherBadge: state.publisherBadge ?? UNVERIFIED,
    ...(shown?.provenance ? { provenance: JSON.parse(shown.provenance) as ImportProvenance } : {}),
  };
  const prepared = prepare(document);
  return {
    displayName: m?.displayName ?? null,
    description: m?.description ?? "",
    i18n: i18n ?? null,
    searchExtra: searchExtra({
      name: state.name,
      displayName: m?.displayName ?? null,
      description: m?.description ?? "",
      keywords: m?.keywords ?? [],
      ...(i18n ? { i18n } : {}),
    }),
    keywords: m?.keywords ?? [],
    categories: m?.categories ?? [],
    version: shown && !shown.yanked ? shown.version : null,
    latest: tags.latest ?? null,
    updatedAt: state.updatedAt,
    document: prepared,
    nameSkeleton: nameSkeleton(state.name),
    // What a card shows as the title: the display name, else the name.
    displaySkeleton: displaySkeleton(m?.displayName ?? state.name) ?? null,
    qualityScore: quality.score,
    // What the live checker connects to: the remote servers of the version people get.
    checkTargets: shown && !shown.yanked && content ? checkTargets(content.mcp.mcpServers) : null,
    upstreamName: upstreamNameOf(shown),
    repository: typeof m?.repository === "string" ? m.repository : null,
    outline: storedOutline(document, prepared.etag),
  };
}

/** The official name a version was imported under from a server.json, if it was. */
function upstreamNameOf(v: VersionRecord | undefined): string | null {
  const p = v?.provenance ? (JSON.parse(v.provenance) as ImportProvenance) : undefined;
  return p?.format === "server-json" ? p.upstreamName : null;
}

/** The version string a server.json import had upstream, when it differs from the package's. */
function upstreamVersionOf(v: VersionRecord): string | undefined {
  if (!v.provenance) return undefined;
  const p = JSON.parse(v.provenance) as ImportProvenance;
  return p.format === "server-json" && p.upstreamVersion !== undefined && p.upstreamVersion !== v.version
    ? p.upstreamVersion
    : undefined;
}

/** The served connector document: the prepared bytes with the live download count spliced in. */
export function withDownloads(prepared: Prepared & { downloads: number }): Prepared {
  const { tail, etag } = liveTail(prepared);
  return { body: `${prepared.body.slice(0, -1)}${tail}`, etag };
}

/**
 * What closes a stored connector document at read time, and the ETag of the result: the live download
 * count. (The check summary, `checks`, is part of the stored document: written with `quality`, from the
 * same evidence.) The fast path uses it too.
 */
export function liveTail(found: { etag: string; downloads: number }): { tail: string; etag: string } {
  return { tail: `,"downloads":${found.downloads}}`, etag: `"${found.etag}.${found.downloads}"` };
}
