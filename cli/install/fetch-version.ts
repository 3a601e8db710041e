import { describeDamage, intact, verifyCache } from "./file-hashes.js";
import fs from "node:fs/promises";
import { ConnectoryError } from "../../src/core/errors.js";
import type { Resolution } from "../../src/core/resolve-version.js";
import type { PackageContents } from "../../src/package/contents.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { readTarballContents } from "../../src/package/read-tarball.js";
import { loadPackage, readCachedPackage, type InstallablePackage } from "./cached-package.js";
import type { CommandContext } from "../context.js";
import { cacheDir } from "../home/home.js";
import type { InstalledEntry } from "../home/installed-store.js";
import { warn } from "../terminal/output.js";
import { createProgress } from "../terminal/progress.js";
import { packageManifestDigest, verifyRelease } from "../verify/verify-release.js";
import { checkStatement, type SignedRelease } from "../verify/verify-statement.js";
import type { MarketplaceTrust } from "../home/signing-trust-store.js";
import type { RegistryClient } from "../registry/registry-client.js";
import type { ToolSnapshot } from "../../src/core/tools/snapshot.js";
import { fetchSignedSnapshot } from "../verify/tool-snapshot.js";
import { errorText, localizedError, say, sayEnglish } from "../terminal/language.js";

/** One resolved version, verified and read, not yet written anywhere. */
export interface FetchedVersion {
  name: string;
  marketplace: string;
  version: string;
  integrity: string;
  sha256: string;
  /** The verified tarball's files; undefined when the cache folder already holds this exact version. */
  contents: PackageContents | undefined;
  pkg: InstallablePackage;
  /** The registry's verified statement and signatures (the cache keeps them for offline checks). */
  release: SignedRelease;
  /** The marketplace trust the verification used (commitVersion stores it: saveTrust). */
  trust: MarketplaceTrust;
  /** The tool snapshot the registry signed with it: `inspect`/`run` pin against it from the first run. */
  toolSnapshot?: ToolSnapshot;
}

/**
 * Gets `resolution` ready to install: reuses the cache folder when `installed` already records this
 * exact version and integrity; otherwise downloads (progress bar on a TTY), checks the sha512 from the
 * connector document BEFORE reading a byte of the tarball, then reads and checks the package in memory.
 * Writes nothing: a failure here leaves the home exactly as it was.
 */
export async function fetchVersion(
  ctx: CommandContext,
  client: RegistryClient,
  target: { name: string; marketplace: string; resolution: Resolution },
  installed: InstalledEntry | undefined,
  options: { force?: boolean } = {},
): Promise<FetchedVersion> {
  const { name, marketplace, resolution } = target;
  const { version, entry } = resolution;
  const label = `${name}@${version}`;
  const dir = cacheDir(ctx.home, marketplace, name, version);
  // Signature, statement and log before anything else: a document that lies is refused before downloading.
  const { release, trust } = await verifyRelease(ctx, client, marketplace, entry.dist, {
    name,
    version,
    integrity: entry.dist.integrity,
    ...(entry.dist.sha256 !== undefined ? { sha256: entry.dist.sha256 } : {}),
    ...(entry.dist.size !== undefined ? { size: entry.dist.size } : {}),
  });
  const toolSnapshot = await fetchSignedSnapshot(client, release, label);
  const signedTools = toolSnapshot ? { toolSnapshot } : {};
  const same = installed?.version === version && installed.integrity === entry.dist.integrity;
  if (same && !options.force && (await isDir(dir))) {
    try {
      // A folder whose files differ from what was installed is never reused (run refuses it too).
      if (installed.files) {
        const damage = await verifyCache(dir, installed.files);
        if (!intact(damage))
          throw new ConnectoryError(
            "install.cache.tampered",
            sayEnglish("cache.changed", { damage: describeDamage(damage) }),
            {
              localized: {
                message: { key: "cache.changed", params: { damage: describeDamage(damage, say) } },
              },
            },
          );
      }
      const pkg = await readCachedPackage(dir, label);
      return {
        name,
        marketplace,
        version,
        integrity: installed.integrity,
        sha256: installed.sha256,
        contents: undefined,
        pkg,
        release,
        trust,
        ...signedTools,
      };
    } catch (error) {
      // A damaged cache is repaired by installing again (what `list` advises): fetch the verified
      // bytes, which replace the folder, instead of blaming the publisher for our copy.
      if (!(error instanceof ConnectoryError)) throw error;
      warn(ctx, say("cache.redownload", { label, why: errorText(error).message }));
    }
  }

  const progress = await createProgress(ctx, `downloading ${label}`);
  let bytes: Uint8Array;
  try {
    bytes = await client.download(entry.dist.tarball, {
      onProgress: (n, total) => progress.update(n, total),
    });
  } finally {
    progress.stop();
  }
  const actual = computeIntegrity(bytes);
  if (actual.integrity !== entry.dist.integrity) {
    throw localizedError(
      "install.integrity.mismatch",
      { key: "tarball.integrity", params: { label } },
      {
        key: "tarball.integrity-hint",
        params: { expected: entry.dist.integrity.slice(0, 24), actual: actual.integrity.slice(0, 24) },
      },
    );
  }
  const contents = await readTarballContents(bytes);
  // The bytes are what the registry signed: digests, size and plugin.json.
  checkStatement(
    release.statement,
    { name, version, ...actual, manifestDigest: packageManifestDigest(contents.files, label) },
    label,
  );
  const pkg = loadPackage(contents.files, label);
  const manifest = pkg.manifest;
  if (manifest.name !== name || manifest.version !== version) {
    throw localizedError(
      "install.package.mismatch",
      { key: "tarball.other-package", params: { sent: `${manifest.name}@${manifest.version}`, label } },
      { key: "tarball.other-package-hint" },
    );
  }
  refuseListingOnly(pkg, label);
  return {
    name,
    marketplace,
    version,
    integrity: actual.integrity,
    sha256: actual.sha256,
    contents,
    pkg,
    release,
    trust,
    ...signedTools,
  };
}

/**
 * A listing-only connector (plugin.json `listingOnly`: an imported server.json with nothing Connectory may
 * run) is refused before anything is written, with why and where to look instead.
 */
export function refuseListingOnly(pkg: InstallablePackage, label: string): void {
  const listing = pkg.manifest.listingOnly;
  if (listing === undefined) return;
  const where = [pkg.manifest.homepage, pkg.manifest.repository].filter(
    (u): u is string => typeof u === "string" && /^https?:\/\//.test(u),
  );
  // The reason is the listing's own words (recorded at import, English).
  throw localizedError(
    "install.listing-only",
    { key: "install.listing-only", params: { label, reason: listing.reason } },
    where.length > 0
      ? { key: "install.listing-only-see", params: { where: where.join(" or ") } }
      : { key: "install.listing-only-info", params: { name: label.split("@")[0]! } },
  );
}

async function isDir(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
