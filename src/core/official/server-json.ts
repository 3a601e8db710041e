import type { ImportProvenance, PublisherBadge } from "../api/documents.js";
import { readToolsListing } from "../tools/read-report.js";
import {
  isRemote,
  type Launch,
  type PluginManifest,
  type RemoteServer,
  type ServerSet,
  type TokenSchema,
} from "../types.js";
import { keyValueInput, templateValue } from "./inputs.js";
import { launchShape } from "./launch.js";
import { launchesOf } from "../launch/launches.js";
import { officialName } from "./names.js";
import {
  CONNECTORY_META,
  OFFICIAL_META,
  SERVER_SCHEMA_URL,
  type OfficialMeta,
  type Package,
  type Remote,
  type ServerJson,
  type ServerResponse,
} from "./types.js";
import type { BuildProvenance } from "../oidc/provenance.js";

// A connector version → one official registry entry per server of its mcp.json (research note §4).
// Pure: the registry hands in the version document, the connector's state and the bundles it built.

/** The parts of a version document (GET /v1/connectors/:name/:version) the mapping reads. */
export interface VersionSource {
  version: string;
  publishedAt: string;
  yanked: boolean;
  deprecated?: string;
  /** When an operator confirmed a report that this version is malicious. */
  malicious?: string;
  manifest: PluginManifest;
  mcp: { mcpServers: ServerSet };
  tokenSchema?: TokenSchema;
  skills?: Array<{ name: string; description: string }>;
  icon?: { path: string; mediaType: string };
  tools?: unknown;
  /** Where the importer got this version (relayed in Connectory's `_meta`). */
  provenance?: ImportProvenance;
  /** Where a trusted publish built this version (relayed in Connectory's `_meta`). */
  buildProvenance?: BuildProvenance;
  /** The server.json the version was imported from, verbatim: served as the entry's `server`, unchanged. */
  serverJson?: Record<string, unknown>;
  dist: { tarball: string; integrity: string; sha256: string; size: number };
}

export interface EntrySource {
  namespace: string;
  /** The registry's public URL, without a trailing slash. */
  publicUrl: string;
  connector: {
    name: string;
    publisher: string;
    /** The publisher's badge (verified domains, unclaimed import), relayed in Connectory's `_meta`. */
    publisherBadge?: PublisherBadge;
    /** The name to serve instead of `<namespace>/<connector>` (an entry imported from server.json). */
    upstreamName?: string;
    updatedAt: string;
    downloads: number;
    latest?: string;
    /** The connector's quality score (docs/quality.md), when its registry keeps one. */
    quality?: number;
  };
  version: VersionSource;
  /** The MCP Bundles built for this version's bundled servers, by server key. */
  bundles: Record<string, { url: string; sha256: string; size: number }>;
}

const MAX_DESCRIPTION = 100;
const ICON_TYPES = new Set(["image/png", "image/jpeg", "image/svg+xml", "image/webp"]);

/** Every entry of one connector version, in mcp.json order. */
export function serverEntries(source: EntrySource): ServerResponse[] {
  const keys = Object.keys(source.version.mcp.mcpServers);
  // A listing-only connector (plugin.json `listingOnly`) has no server but its imported server.json:
  // one entry, that document.
  if (keys.length === 0 && source.version.serverJson !== undefined)
    return [serverEntry(source, source.connector.name, 1)];
  return keys.map((key) => serverEntry(source, key, keys.length));
}

function serverEntry(source: EntrySource, key: string, count: number): ServerResponse {
  const { connector, version: v } = source;
  const m = v.manifest;
  const spec = v.mcp.mcpServers[key];
  const notExpressed: string[] = [];
  const server: ServerJson = {
    $schema: SERVER_SCHEMA_URL,
    name: connector.upstreamName ?? officialName(source.namespace, connector.name, key, count),
    description: cut(m.description || connector.name, MAX_DESCRIPTION),
    version: v.version,
  };
  const title = count === 1 ? (m.displayName ?? "") : `${m.displayName ?? connector.name} · ${key}`;
  if (title !== "") server.title = cut(title, MAX_DESCRIPTION);
  if (m.homepage !== undefined && /^https:\/\/\S+$/.test(m.homepage)) server.websiteUrl = m.homepage;
  const repository = repositoryOf(m.repository);
  if (repository) server.repository = repository;
  const icon = `${source.publicUrl}/icons/${connector.name}/${encodeURIComponent(v.version)}`;
  if (v.icon && ICON_TYPES.has(v.icon.mediaType) && icon.startsWith("https://") && icon.length <= 255)
    server.icons = [{ src: icon, mimeType: v.icon.mediaType }];

  // Every launch (mcp.json 2 alternatives included) becomes a package or a remote, in mcp.json order.
  const packages: Package[] = [];
  const remotes: Remote[] = [];
  (spec ? launchesOf(spec) : []).forEach((launch, i) => {
    const where = i === 0 ? "" : `alternatives[${i - 1}].`;
    if (isRemote(launch)) {
      const r = remoteOf(launch, v.tokenSchema);
      if ("reason" in r) notExpressed.push(where + r.reason);
      else {
        remotes.push(r.remote);
        notExpressed.push(...r.dropped.map((d) => where + d));
      }
      return;
    }
    const shape = launchShape(launch, v.tokenSchema);
    if (shape.kind === "unsupported") notExpressed.push(`${where}launch: ${shape.reason}`);
    else if (shape.kind === "package") {
      packages.push(shape.package);
      notExpressed.push(...shape.dropped.map((d) => where + d));
    } else {
      notExpressed.push(...shape.dropped.map((d) => where + d));
      const bundle = source.bundles[key];
      if (!bundle) notExpressed.push(`${where}launch: the MCP Bundle of this bundled server is not built`);
      else packages.push(bundlePackage(v.version, bundle, shape.environmentVariables));
    }
  });
  if (packages.length > 0) server.packages = packages;
  if (remotes.length > 0) server.remotes = remotes;

  const tools = readToolsListing(v.tools)?.items.filter((t) => t.server === undefined || t.server === key);
  // An imported server.json is what its publisher published: served whole (fields this mapping does not
  // know, every package and remote, `_meta`), with Connectory's own data only in the response `_meta`.
  const verbatim = count === 1 && v.serverJson !== undefined;
  return {
    server: verbatim ? (v.serverJson as unknown as ServerJson) : server,
    _meta: {
      [OFFICIAL_META]: officialMeta(source),
      [CONNECTORY_META]: {
        connector: connector.name,
        version: v.version,
        server: key,
        publisher: connector.publisher,
        ...(connector.publisherBadge ? { publisherBadge: connector.publisherBadge } : {}),
        description: m.description,
        ...(m.license !== undefined ? { license: m.license } : {}),
        keywords: m.keywords ?? [],
        categories: m.categories ?? [],
        skills: (v.skills ?? []).map((s) => ({ name: s.name, description: s.description })),
        ...(tools
          ? {
              tools: tools.map((t) => ({
                name: t.name,
                ...(t.title !== undefined ? { title: t.title } : {}),
                ...(t.description !== undefined ? { description: t.description } : {}),
              })),
            }
          : {}),
        downloads: connector.downloads,
        ...(connector.quality !== undefined ? { quality: connector.quality } : {}),
        ...(v.malicious !== undefined ? { malicious: v.malicious } : {}),
        integrity: v.dist.integrity,
        tarball: v.dist.tarball,
        page: `${source.publicUrl}/c/${connector.name}/${encodeURIComponent(v.version)}`,
        ...(spec ? { launch: spec } : {}),
        ...(m.listingOnly ? { listingOnly: m.listingOnly } : {}),
        ...(v.provenance ? { provenance: v.provenance } : {}),
        ...(v.buildProvenance ? { buildProvenance: v.buildProvenance } : {}),
        ...(!verbatim && notExpressed.length > 0 ? { notExpressed } : {}),
      },
    },
  };
}

/** Yanked = deleted, deprecated with its message; Connectory keeps no per-version status time (see docs). */
export function officialMeta(source: Pick<EntrySource, "connector" | "version">): OfficialMeta {
  const v = source.version;
  const status = v.yanked ? "deleted" : v.deprecated !== undefined ? "deprecated" : "active";
  const updatedAt = source.connector.updatedAt > v.publishedAt ? source.connector.updatedAt : v.publishedAt;
  return {
    status,
    ...(status === "deprecated" && v.deprecated ? { statusMessage: cut(v.deprecated, 500) } : {}),
    statusChangedAt: status === "active" ? v.publishedAt : updatedAt,
    publishedAt: v.publishedAt,
    updatedAt,
    isLatest: source.connector.latest === v.version,
  };
}

function remoteOf(
  spec: Omit<RemoteServer, "alternatives"> & Launch,
  schema: TokenSchema | undefined,
): { remote: Remote; dropped: string[] } | { reason: string } {
  const url = templateValue(spec.url, schema, spec.inputNames);
  if (!url || !/^https?:\/\/[^\s]+$/.test(url.value))
    return { reason: "url: a remote URL must start with http(s):// and use no ${PLUGIN_ROOT}" };
  const dropped: string[] = [];
  const headers = Object.entries(spec.headers ?? {}).flatMap(([name, value]) => {
    const input = keyValueInput(name, value, schema, spec.inputNames);
    if (!input) dropped.push(`headers.${name}`);
    return input ? [input] : [];
  });
  // server.json has no OAuth field: the remote still lists, and a client discovers the sign-in from the server's
  // 401 challenge (MCP Authorization); what the package adds (a client id, scopes) is in `launch` only.
  if (spec.oauth !== undefined)
    dropped.push(
      `oauth${Object.keys(spec.oauth).length > 0 ? ` (${Object.keys(spec.oauth).sort().join(", ")})` : ""}: server.json has no OAuth field; clients discover the sign-in from the server`,
    );
  const remote: Remote = {
    type: spec.type === "sse" ? "sse" : "streamable-http",
    url: url.value,
    ...(headers.length > 0 ? { headers } : {}),
    ...(url.keys.length > 0 ? { variables: url.variables } : {}),
  };
  return { remote, dropped };
}

function bundlePackage(
  version: string,
  bundle: { url: string; sha256: string },
  environmentVariables: Package["environmentVariables"],
): Package {
  return {
    registryType: "mcpb",
    identifier: bundle.url,
    version,
    fileSha256: bundle.sha256,
    transport: { type: "stdio" },
    ...(environmentVariables && environmentVariables.length > 0 ? { environmentVariables } : {}),
  };
}

/** `repository` only for the forges the official registry validates (github, gitlab). */
function repositoryOf(url: string | undefined): ServerJson["repository"] | undefined {
  const match = url === undefined ? null : /^https:\/\/(github|gitlab)\.com\/[^\s]+$/.exec(url);
  return match ? { url: url!, source: match[1] as "github" | "gitlab" } : undefined;
}

/** At most `max` characters (code points), cut at a word when one ends late enough, with "…". */
export function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space >= max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}
