import type { Runner } from "../../src/core/launch/pick-launch.js";
import { localizedError } from "../terminal/language.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { SignedRelease } from "../verify/verify-statement.js";
import type { ToolSnapshot } from "../../src/core/tools/snapshot.js";
import type { Permissions } from "../../src/core/sandbox/permissions.js";
import { connectorKey, homePaths } from "./home.js";
import { NAME } from "../../src/core/names.js";
import { describe, objectOf, readJsonFile, updateJsonFile } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";

/** One installed connector in plugins/installed.json. */
export interface InstalledEntry {
  name: string;
  /** `install --prefer <runner>`: which of a server's alternative launches to use when it can run. */
  prefer?: Runner;
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
  /**
   * sha256 (hex) of every file unpacked into the cache, by path: `run` and `doctor` verify the cache
   * against them before a bundled server is launched (cli/install/file-hashes.ts). Absent for
   * connectors installed before hashes were recorded.
   */
  files?: Record<string, string>;
  /**
   * The permissions the user accepted for this version's local servers (`unrestricted`: it declares
   * none). `run` refuses a version whose declared permissions reach further (cli/install/accept-permissions.ts).
   * Absent for connectors installed before consent was recorded: what they declare counts as accepted.
   */
  permissions?: Permissions | "unrestricted";
  /**
   * The registry's statement and signatures of this version, verified at install (cli/verify/): `run`
   * and `doctor` verify them again, offline, against the pinned keys. Absent for older installs.
   */
  signed?: SignedRelease;
  /**
   * The tool snapshot the registry signed with this version (its digest is in `signed.statement`):
   * `inspect` and `run` pin the servers' tools against it instead of trusting their first run.
   */
  toolSnapshot?: ToolSnapshot;
}

export type InstalledFile = Record<string, InstalledEntry>;

// Strict semver, as the registry enforces: the version is a folder name too.
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * Name, marketplace and version become a path under plugins/cache that `uninstall` deletes, so an
 * entry edited to hold `..` or a slash must be refused, not followed.
 */
const checkInstalled = (file: unknown) => {
  const problem = objectOf("an object of installed connectors", (e) => {
    if (!isObject(e)) return `is ${describe(e)}, not an installed connector`;
    for (const field of ["name", "marketplace", "version", "requested", "integrity"])
      if (typeof e[field] !== "string") return `has no "${field}" text`;
    if (typeof e.enabled !== "boolean") return 'has no "enabled" true or false';
    if (!NAME.test(e.name as string) || !NAME.test(e.marketplace as string))
      return "has a name or marketplace that is not a valid name";
    if (!VERSION.test(e.version as string)) return 'has a "version" that is not a semantic version';
    if (
      e.files !== undefined &&
      !(isObject(e.files) && Object.values(e.files).every((h) => typeof h === "string"))
    )
      return 'has "files" that are not an object of hashes';
    if (e.permissions !== undefined && e.permissions !== "unrestricted" && !isObject(e.permissions))
      return 'has "permissions" that are neither an object nor "unrestricted"';
    return undefined;
  })(file);
  if (problem !== undefined) return problem;
  const wrongKey = Object.entries(file as InstalledFile).find(
    ([key, e]) => key !== connectorKey(e.name, e.marketplace),
  );
  return wrongKey ? `${JSON.stringify(wrongKey[0])} is not "<name>@<marketplace>" of its entry` : undefined;
};

/** The installed connectors keyed `<name>@<marketplace>`. */
export function readInstalled(home: string): Promise<InstalledFile> {
  return readJsonFile<InstalledFile>(homePaths(home).installed, {}, checkInstalled);
}

/** Locked read-modify-write of installed.json. */
export function updateInstalled(
  home: string,
  fn: (entries: InstalledFile) => InstalledFile | Promise<InstalledFile>,
): Promise<InstalledFile> {
  return updateJsonFile<InstalledFile>(homePaths(home).installed, {}, fn, { check: checkInstalled });
}

/**
 * The installed connector a user means by `name` or `name@marketplace`. Unknown → `connector.not-installed`;
 * a bare name installed from several marketplaces → `connector.ambiguous` listing each full key.
 */
export function findInstalled(entries: InstalledFile, ref: string): { key: string; entry: InstalledEntry } {
  const exact = Object.hasOwn(entries, ref) ? entries[ref] : undefined;
  if (exact) return { key: ref, entry: exact };
  const matches = Object.entries(entries).filter(([, e]) => e.name === ref);
  const [first, ...others] = matches;
  if (first && others.length === 0) return { key: first[0], entry: first[1] };
  if (first) {
    const keys = matches.map(([k]) => k).sort();
    throw localizedError(
      "connector.ambiguous",
      { key: "error.ambiguous", params: { name: ref, keys: keys.join(", ") } },
      { key: "error.ambiguous-hint", params: { key: keys[0] ?? ref } },
      { usage: true },
    );
  }
  throw localizedError(
    "connector.not-installed",
    { key: "error.not-installed", params: { name: ref } },
    { key: "error.not-installed-hint" },
  );
}

/** `connectory credentials set <ref> KEY=… …`: what to run when credentials are missing. */
export function credentialsFixCommand(ref: string, missing: readonly string[]): string {
  return `connectory credentials set ${ref} ${missing.map((k) => `${k}=…`).join(" ")}`;
}

/** `connectory install <name> [--marketplace m]`: what repairs a connector whose cached files are damaged. */
export function reinstallCommand(entry: Pick<InstalledEntry, "name" | "marketplace">, force = false): string {
  const from = entry.marketplace === "default" ? "" : ` --marketplace ${entry.marketplace}`;
  return `connectory install ${entry.name}${from}${force ? " --force" : ""}`;
}
