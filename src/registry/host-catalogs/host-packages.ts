import { createHash } from "node:crypto";
import type { VersionDocument } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import { hostPackageFiles } from "../../core/host-catalogs/host-package.js";
import type { HostPackageDist } from "../../core/host-catalogs/npm-packument.js";
import { computeIntegrity } from "../../package/integrity.js";
import { packFiles } from "../../package/pack.js";
import { readTarballContents } from "../../package/read-tarball.js";
import { blobKey } from "../../storage/blob-store.js";
import type { RegistryDeps } from "../context.js";

// The host package of a version (src/core/host-catalogs/host-package.ts) as an npm tarball. Built once from
// the connector's tarball (on the first packument or tarball request), stored as a content-addressed blob,
// and recorded in meta under `host-package/v1/<name>@<version>`: never rebuilt, so its integrity in the
// packument and in every host's lock never goes stale. The `v1` changes when the layout does.

export interface HostPackageInfo extends HostPackageDist {
  sha256: string;
  size: number;
}

const metaKey = (name: string, version: string) => `host-package/v1/${name}@${version}`;
const memo = new WeakMap<RegistryDeps, Map<string, Promise<HostPackageInfo>>>();

/** The digests of a version's host package, building it if this is the first time (once per process at a time). */
export function ensureHostPackage(deps: RegistryDeps, doc: VersionDocument): Promise<HostPackageInfo> {
  let known = memo.get(deps);
  if (!known) memo.set(deps, (known = new Map()));
  const key = `${doc.name}@${doc.version}`;
  let found = known.get(key);
  if (!found) {
    found = lookupOrBuild(deps, doc);
    known.set(key, found);
    found.catch(() => known.delete(key)); // a failed build is tried again by the next request
  }
  return found;
}

/** The bytes of a version's host package (GET /npm/<name>/-/<name>-<version>.tgz). */
export async function hostPackageBytes(
  deps: RegistryDeps,
  doc: VersionDocument,
): Promise<{ bytes: Uint8Array; info: HostPackageInfo }> {
  const info = await ensureHostPackage(deps, doc);
  const bytes = await deps.blobs.get(blobKey(info.sha256));
  if (!bytes)
    throw new Error(`the host package blob ${info.sha256} of ${doc.name}@${doc.version} is missing`);
  return { bytes, info };
}

async function lookupOrBuild(deps: RegistryDeps, doc: VersionDocument): Promise<HostPackageInfo> {
  const key = metaKey(doc.name, doc.version);
  const stored = await deps.repo.getMeta(key);
  if (stored !== undefined) return JSON.parse(stored) as HostPackageInfo;
  const tarball = await deps.repo.tarball(doc.name, doc.version);
  const source = tarball ? await deps.blobs.get(tarball.blobKey) : undefined;
  if (!source)
    throw new Error(`the tarball of ${doc.name}@${doc.version} is missing; cannot build its host package`);
  const contents = await readTarballContents(source);
  const files = hostPackageFiles({
    name: doc.name,
    content: doc,
    files: contents.files,
    pageUrl: `${deps.publicUrl}/c/${doc.name}`,
  });
  const bytes = await packFiles(files, { executables: contents.executables });
  const digest = computeIntegrity(bytes);
  try {
    await deps.blobs.put(blobKey(digest.sha256), bytes);
  } catch (error) {
    // Content-addressed: another process (or an earlier, unrecorded build) stored these very bytes.
    if (!isConnectoryError(error) || error.code !== "blob.exists") throw error;
  }
  const info: HostPackageInfo = {
    integrity: digest.integrity,
    sha256: digest.sha256,
    size: digest.size,
    shasum: createHash("sha1").update(bytes).digest("hex"),
  };
  // The first record wins: every process then serves the same bytes under the same integrity.
  return JSON.parse(await deps.repo.ensureMeta(key, JSON.stringify(info))) as HostPackageInfo;
}
