import type { PackageFiles } from "../core/types.js";

/**
 * A package's files plus the one bit of file metadata that survives packing: which files are
 * executable (mode 0755 in the tarball, 0644 otherwise). PackageFiles stays a plain path → bytes map.
 */
export interface PackageContents {
  files: PackageFiles;
  /** Package-relative paths of files that had an execute bit. */
  executables: Set<string>;
}
