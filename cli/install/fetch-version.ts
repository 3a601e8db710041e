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
import type { RegistryClient } from "../registry/registry-client.js";

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
  const same = installed?.version === version && installed.integrity === entry.dist.integrity;
  if (same && !options.force && (await isDir(dir))) {
    try {
      // A folder whose files differ from what was installed is never reused (run refuses it too).
      if (installed.files) {
        const damage = await verifyCache(dir, installed.files);
        if (!intact(damage))
          throw new ConnectoryError(
            "install.cache.tampered",
            `its files changed (${describeDamage(damage)})`,
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
      };
    } catch (error) {
      // A damaged cache is repaired by installing again (what `list` advises): fetch the verified
      // bytes, which replace the folder, instead of blaming the publisher for our copy.
      if (!(error instanceof ConnectoryError)) throw error;
      warn(ctx, `the cached files of ${label} are damaged (${error.message}); downloading them again`);
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
    throw new ConnectoryError(
      "install.integrity.mismatch",
      `the tarball of ${label} does not match the registry's integrity; it was refused and nothing changed`,
      {
        hint: `expected ${entry.dist.integrity.slice(0, 24)}…, got ${actual.integrity.slice(0, 24)}…: the download was altered on the way or the registry is broken; try again later or report it to the marketplace operator`,
      },
    );
  }
  const contents = await readTarballContents(bytes);
  const pkg = loadPackage(contents.files, label);
  const manifest = pkg.manifest;
  if (manifest.name !== name || manifest.version !== version) {
    throw new ConnectoryError(
      "install.package.mismatch",
      `the registry sent ${manifest.name}@${manifest.version} when asked for ${label}; nothing was installed`,
      { hint: "report this to the marketplace operator" },
    );
  }
  return { name, marketplace, version, integrity: actual.integrity, sha256: actual.sha256, contents, pkg };
}

async function isDir(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
