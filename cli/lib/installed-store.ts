import { homePaths } from "./home.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";

/** One installed connector in plugins/installed.json. */
export interface InstalledEntry {
  name: string;
  marketplace: string;
  version: string;
  /** SRI sha512 of the tarball that was verified and unpacked. */
  integrity: string;
  sha256: string;
  enabled: boolean;
  /** What the user asked for (`^1.2`, `latest`, `1.2.3`): `update` resolves it again. */
  requested: string;
  installedAt: string;
  updatedAt?: string;
  /** Installed by an exact pin of a yanked version. */
  yanked?: boolean;
}

export type InstalledFile = Record<string, InstalledEntry>;

/** The installed connectors keyed `<name>@<marketplace>`. */
export function readInstalled(home: string): Promise<InstalledFile> {
  return readJsonFile<InstalledFile>(homePaths(home).installed, {});
}

/** Locked read-modify-write of installed.json. */
export function updateInstalled(
  home: string,
  fn: (entries: InstalledFile) => InstalledFile | Promise<InstalledFile>,
): Promise<InstalledFile> {
  return updateJsonFile<InstalledFile>(homePaths(home).installed, {}, fn);
}
