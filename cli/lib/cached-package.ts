import { ConnectoryError } from "../../src/core/errors.js";
import { validatePackage, type ConnectorPackage } from "../../src/core/package/validate-package.js";
import type { PackageFiles, Problem } from "../../src/core/types.js";
import { readPackageDir } from "../../src/package/read-dir.js";

/** A package as the installer sees it: what it declares, plus the validator's findings. */
export interface LoadedPackage {
  pkg: ConnectorPackage;
  problems: Problem[];
}

/**
 * Builds a package from its files (a downloaded tarball or a cache folder). Only a package that cannot be
 * read at all is refused: the registry validated it when it was published, and a later, stricter
 * validator must not make published versions uninstallable (its findings come back as `problems`).
 */
export function loadPackage(files: PackageFiles, label: string): LoadedPackage {
  const report = validatePackage(files);
  if (!report.package) {
    throw new ConnectoryError("install.package.invalid", `${label} is not a readable connector package`, {
      problems: report.problems,
      hint: "nothing was installed; report this to the connector's publisher",
    });
  }
  return { pkg: report.package, problems: report.problems.filter((p) => p.severity === "error") };
}

/** Reads an unpacked version folder from plugins/cache (offline `info`, `update`'s before-and-after). */
export async function readCachedPackage(dir: string, label: string): Promise<LoadedPackage> {
  let files: PackageFiles;
  try {
    files = await readPackageDir(dir);
  } catch (error) {
    throw new ConnectoryError("install.cache.unreadable", `the cached files of ${label} cannot be read`, {
      hint: `reinstall it: connectory install ${label.split("@")[0]} (it was read from ${dir})`,
      cause: error,
    });
  }
  return loadPackage(files, label);
}
