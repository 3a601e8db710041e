import { createHash } from "node:crypto";
import { ConnectoryError, isConnectoryError } from "../../core/errors.js";
import { isBundled } from "../../core/official/launch.js";
import { mcpbManifest } from "../../core/official/mcpb-manifest.js";
import type { VersionSource } from "../../core/official/server-json.js";
import { readToolsListing } from "../../core/tools/read-report.js";
import { isRemote } from "../../core/types.js";
import { buildMcpbBundle } from "../../package/mcpb-bundle.js";
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
const known = new WeakMap<RegistryDeps, Map<string, Promise<{ sha256: string; size: number }>>>();

/** The immutable download URL of one bundle. */
export function bundleUrl(publicUrl: string, name: string, version: string, server: string): string {
  return `${publicUrl}/v1/connectors/${name}/${encodeURIComponent(version)}/bundles/${encodeURIComponent(server)}.mcpb`;
}

/** The servers of a version that get a bundle. */
export function bundledServers(version: Pick<VersionSource, "mcp">): string[] {
  return Object.entries(version.mcp.mcpServers)
    .filter(([, spec]) => !isRemote(spec) && isBundled(spec))
    .map(([key]) => key);
}

/** The bundles of every bundled server of a version, building those not built yet. */
export async function ensureBundles(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
): Promise<Record<string, BundleInfo>> {
  const out: Record<string, BundleInfo> = {};
  for (const server of bundledServers(version)) {
    const info = await ensureBundle(deps, name, version, server);
    out[server] = { url: bundleUrl(deps.publicUrl, name, version.version, server), ...info };
  }
  return out;
}

function ensureBundle(
  deps: RegistryDeps,
  name: string,
  version: VersionSource,
  server: string,
): Promise<{ sha256: string; size: number }> {
  let memo = known.get(deps);
  if (!memo) known.set(deps, (memo = new Map()));
  const key = metaKey(name, version.version, server);
  let found = memo.get(key);
  if (!found) {
    found = lookupOrBuild(deps, key, name, version, server);
    memo.set(key, found);
    found.catch(() => memo.delete(key)); // a failed build is tried again by the next request
  }
  return found;
}

async function lookupOrBuild(
  deps: RegistryDeps,
  key: string,
  name: string,
  version: VersionSource,
  server: string,
): Promise<{ sha256: string; size: number }> {
  const stored = await deps.repo.getMeta(key);
  if (stored !== undefined) return JSON.parse(stored) as { sha256: string; size: number };
  const tarball = await deps.repo.tarball(name, version.version);
  const bytes = tarball ? await deps.blobs.get(tarball.blobKey) : undefined;
  if (!bytes)
    throw new Error(`the tarball of ${name}@${version.version} is missing; cannot build its bundle`);
  const spec = version.mcp.mcpServers[server]!;
  if (isRemote(spec)) throw new Error(`${server} is a remote server: it has no bundle`);
  const tools = readToolsListing(version.tools)
    ?.items.filter((t) => t.server === undefined || t.server === server)
    .map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}) }));
  const manifest = mcpbManifest({
    manifest: version.manifest,
    server: spec,
    serverKey: server,
    servers: Object.keys(version.mcp.mcpServers).length,
    ...(version.tokenSchema ? { tokenSchema: version.tokenSchema } : {}),
    ...(tools ? { tools } : {}),
  })!;
  const zip = buildMcpbBundle(await readTarballContents(bytes), manifest);
  const sha256 = createHash("sha256").update(zip).digest("hex");
  try {
    await deps.blobs.put(blobKey(sha256), zip);
  } catch (error) {
    // Content-addressed: another process (or an earlier, unrecorded build) stored these very bytes.
    if (!isConnectoryError(error) || error.code !== "blob.exists") throw error;
  }
  const info = { sha256, size: zip.byteLength };
  // The first record wins, so every process serves the bytes another one may already have listed.
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
  const info = await ensureBundle(deps, name, version, server);
  const bytes = await deps.blobs.get(blobKey(info.sha256));
  if (!bytes) throw new Error(`the bundle blob ${info.sha256} of ${name}@${version.version} is missing`);
  return { bytes, ...info };
}
