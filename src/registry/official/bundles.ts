import { createHash } from "node:crypto";
import { ConnectoryError, isConnectoryError } from "../../core/errors.js";
import { isBundled } from "../../core/official/launch.js";
import { mcpbManifest, type McpbManifest } from "../../core/official/mcpb-manifest.js";
import type { VersionSource } from "../../core/official/server-json.js";
import { readToolsListing } from "../../core/tools/read-report.js";
import { isRemote } from "../../core/types.js";
import { buildMcpbBundles } from "../../package/mcpb-bundle.js";
import { readTarballContents } from "../../package/read-tarball.js";
import { blobKey } from "../../storage/blob-store.js";
import type { RegistryDeps } from "../context.js";

// MCP Bundles of bundled servers. Built from the version's tarball once (at publish, or on the first request
// for a version published before bundles existed), stored as a content-addressed blob, and recorded in the
// meta table under `mcpb/<name>@<version>/<server>` → {"sha256","size"}. Never rebuilt once recorded, so
// the bundle's URL always serves the same bytes and the fileSha256 of server.json never goes stale.

export interface BundleInfo {
  url: string;
  sha256: string;
  size: number;
}

const metaKey = (name: string, version: string, server: string) => `mcpb/${name}@${version}/${server}`;
const known = new WeakMap<
  RegistryDeps,
  Map<string, Promise<Record<string, { sha256: string; size: number }>>>
>();
/**
 * The most versions whose bundle records are kept in memory, oldest dropped first: a dropped one's records
 * are read again from the meta table (they never change once recorded). Unbounded, every version a listing
 * ever showed kept a settled promise and its record for the process's life (issue 29).
 */
const MAX_KNOWN = 4096;

/** The immutable download URL of one bundle. */
export function bundleUrl(publicUrl: string, name: string, version: string, server: string): string {
  return `${publicUrl}/v1/connectors/${name}/${encodeURIComponent(version)}/bundles/${encodeURIComponent(server)}.mcpb`;
}

/** The most servers of one version that get a bundle (each is a zip of the whole package). */
export const MAX_BUNDLED_SERVERS = 8;

/** The servers of a version that get a bundle: the first MAX_BUNDLED_SERVERS bundled ones, in package order. */
export function bundledServers(version: Pick<VersionSource, "mcp">): string[] {
  return Object.entries(version.mcp.mcpServers)
    .filter(([, spec]) => !isRemote(spec) && isBundled(spec))
    .map(([key]) => key)
    .slice(0, MAX_BUNDLED_SERVERS);
}

/** The bundles of every bundled server of a version, building those not built yet (together, in a worker). */
export async function ensureBundles(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
): Promise<Record<string, BundleInfo>> {
  const servers = bundledServers(version);
  if (servers.length === 0) return {}; // most versions: remote servers or packages run from a registry
  const built = await ensureVersion(deps, name, version);
  const out: Record<string, BundleInfo> = {};
  for (const server of servers)
    out[server] = { url: bundleUrl(deps.publicUrl, name, version.version, server), ...built[server]! };
  return out;
}

/** Every bundle of a version, once per process at a time: concurrent requests share one build. */
function ensureVersion(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
): Promise<Record<string, { sha256: string; size: number }>> {
  let memo = known.get(deps);
  if (!memo) known.set(deps, (memo = new Map()));
  const key = `${name}@${version.version}`;
  let found = memo.get(key);
  if (!found) {
    found = lookupOrBuild(deps, name, version);
    memo.set(key, found);
    if (memo.size > MAX_KNOWN) memo.delete(memo.keys().next().value as string);
    // A failed build is tried again by the next request.
    found.catch(() => memo.get(key) === found && memo.delete(key));
  }
  return found;
}

async function lookupOrBuild(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
): Promise<Record<string, { sha256: string; size: number }>> {
  const out: Record<string, { sha256: string; size: number }> = {};
  const missing: string[] = [];
  for (const server of bundledServers(version)) {
    const stored = await deps.repo.getMeta(metaKey(name, version.version, server));
    if (stored !== undefined) out[server] = JSON.parse(stored) as { sha256: string; size: number };
    else missing.push(server);
  }
  if (missing.length === 0) return out;
  const tarball = await deps.repo.tarball(name, version.version);
  const bytes = tarball ? await deps.blobs.get(tarball.blobKey) : undefined;
  if (!bytes)
    throw new Error(`the tarball of ${name}@${version.version} is missing; cannot build its bundle`);
  const manifests = missing.map((server) => [server, manifestFor(version, server)] as [string, McpbManifest]);
  // Off the event loop: a large package takes seconds to compress, and the registry keeps answering.
  const zips = await buildMcpbBundles(await readTarballContents(bytes), manifests);
  for (const [i, server] of missing.entries())
    out[server] = await record(deps, name, version, server, zips[i]!);
  return out;
}

function manifestFor(version: VersionSource, server: string): McpbManifest {
  const spec = version.mcp.mcpServers[server]!;
  if (isRemote(spec)) throw new Error(`${server} is a remote server: it has no bundle`);
  const tools = readToolsListing(version.tools)
    ?.items.filter((t) => t.server === undefined || t.server === server)
    .map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}) }));
  return mcpbManifest({
    manifest: version.manifest,
    server: spec,
    serverKey: server,
    servers: Object.keys(version.mcp.mcpServers).length,
    ...(version.tokenSchema ? { tokenSchema: version.tokenSchema } : {}),
    ...(tools ? { tools } : {}),
  })!;
}

/** Stores one built bundle and records it; the first record wins (another process may have listed its bytes). */
async function record(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
  server: string,
  zip: Uint8Array,
): Promise<{ sha256: string; size: number }> {
  const key = metaKey(name, version.version, server);
  const sha256 = createHash("sha256").update(zip).digest("hex");
  try {
    await deps.blobs.put(blobKey(sha256), zip);
  } catch (error) {
    // Content-addressed: another process (or an earlier, unrecorded build) stored these very bytes.
    if (!isConnectoryError(error) || error.code !== "blob.exists") throw error;
  }
  const info = { sha256, size: zip.byteLength };
  return deps.repo.transaction(async (tx) => {
    const again = await deps.repo.getMeta(key);
    if (again !== undefined) return JSON.parse(again) as { sha256: string; size: number };
    await tx.setMeta(key, JSON.stringify(info));
    return info;
  });
}

/** The bytes of one bundle (GET …/bundles/:server.mcpb), building it if needed. */
export async function bundleBytes(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
  server: string,
): Promise<{ bytes: Uint8Array; sha256: string; size: number }> {
  if (!bundledServers(version).includes(server)) {
    throw new ConnectoryError(
      "bundle.not-found",
      `${name}@${version.version} has no bundled server "${server.slice(0, 80)}"`,
      {
        status: 404,
        hint: "only servers that run code from the package (node ${PLUGIN_ROOT}/…) have an MCP Bundle",
      },
    );
  }
  const info = (await ensureVersion(deps, name, version))[server]!;
  const bytes = await deps.blobs.get(blobKey(info.sha256));
  if (!bytes) throw new Error(`the bundle blob ${info.sha256} of ${name}@${version.version} is missing`);
  return { bytes, ...info };
}
