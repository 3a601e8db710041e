import type { ExportMode } from "../../src/core/hosts/types.js";
import type { HostId } from "../../src/core/hosts/index.js";
import type { OwnedEntry } from "../../src/core/hosts/ownership.js";
import { homePaths } from "../home/home.js";
import { describe, objectOf, readJsonFile, updateJsonFile, type ShapeCheck } from "../home/json-file.js";
import type { HostScope } from "./host-paths.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * $CONNECTORY_HOME/hosts.json: per host file, the entries Connectory wrote and their hashes, and the
 * scope and mode of the export that wrote them (so a printed fix repeats that export; records written
 * before they were kept lack both).
 */
export interface HostStateFile {
  version: 1;
  files: Record<string, HostFileRecord>;
}

export interface HostFileRecord {
  host: HostId;
  scope?: HostScope;
  mode?: ExportMode;
  /** The export wrote one `connectory gateway` entry instead of one per server. */
  gateway?: boolean;
  /** The export was of this profile's servers (or its gateway); absent: every active server. */
  profile?: string;
  entries: Record<string, OwnedEntry & { writtenAt: string }>;
}

/** Which export wrote a host file: what `writeOwned` records beside the entries. */
export interface ExportTarget {
  host: HostId;
  file: string;
  scope: HostScope;
  mode: ExportMode;
  gateway?: boolean;
  profile?: string;
}

const EMPTY: HostStateFile = { version: 1, files: {} };

const hostFiles = objectOf("an object of host files", (f) => {
  if (!isObject(f)) return `is ${describe(f)}, not a host file record`;
  if (typeof f.host !== "string") return 'has no "host" text';
  if (f.scope !== undefined && f.scope !== "user" && f.scope !== "project")
    return '"scope" is neither "user" nor "project"';
  if (f.mode !== undefined && f.mode !== "launcher" && f.mode !== "inline")
    return '"mode" is neither "launcher" nor "inline"';
  if (f.gateway !== undefined && typeof f.gateway !== "boolean") return '"gateway" is not true or false';
  if (f.profile !== undefined && typeof f.profile !== "string") return '"profile" is not text';
  return objectOf("an object of entries", (e) =>
    isObject(e) && typeof e.sha256 === "string" ? undefined : 'has no "sha256" text',
  )(f.entries);
});

/** hosts.json's shape: a damaged record must not make an export take over (or drop) the wrong entries. */
export const checkHostState: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "version": 1, "files": { … } }, found ${describe(file)}`;
  const files = file.files === undefined ? undefined : hostFiles(file.files);
  return files === undefined ? undefined : `"files": ${files}`;
};

/** The entries Connectory owns in one host file. */
export async function readOwned(home: string, file: string): Promise<Record<string, OwnedEntry>> {
  const state = await readJsonFile<HostStateFile>(homePaths(home).hostState, EMPTY, checkHostState);
  return state.files?.[file]?.entries ?? {};
}

/** Replaces the ownership record of one host file (locked, atomic). */
export async function writeOwned(
  home: string,
  target: ExportTarget,
  owned: Record<string, OwnedEntry>,
  now: Date,
): Promise<void> {
  const { host, file, scope, mode, gateway, profile } = target;
  await updateJsonFile<HostStateFile>(
    homePaths(home).hostState,
    EMPTY,
    (state) => {
      const files = { ...(state.files ?? {}) };
      const previous = files[file]?.entries ?? {};
      const entries = Object.fromEntries(
        Object.entries(owned).map(([name, o]) => {
          const kept = previous[name]?.sha256 === o.sha256 ? previous[name]?.writtenAt : undefined;
          return [name, { sha256: o.sha256, writtenAt: kept ?? now.toISOString() }];
        }),
      );
      // Kept when empty: the file was exported to, so a server activated later is reported missing
      // there, and the record still knows the scope a fix must repeat.
      files[file] = {
        host,
        scope,
        mode,
        ...(gateway ? { gateway: true } : {}),
        ...(profile !== undefined ? { profile } : {}),
        entries,
      };
      return { version: 1, files };
    },
    { check: checkHostState },
  );
}

/**
 * Drops the records of host files that no longer exist (deleted by hand, a project folder removed):
 * nothing is left in them to own, and a later export starts fresh. Returns the records dropped.
 * Rechecks under the lock, so a file an export is creating right now is kept.
 */
export async function forgetVanished(
  home: string,
  exists: (file: string) => boolean,
): Promise<Array<HostFileRecord & { file: string }>> {
  const dropped: Array<HostFileRecord & { file: string }> = [];
  const before = await readJsonFile<HostStateFile>(homePaths(home).hostState, EMPTY, checkHostState);
  if (Object.keys(before.files ?? {}).every(exists)) return dropped; // the usual case: no write
  await updateJsonFile<HostStateFile>(
    homePaths(home).hostState,
    EMPTY,
    (state) => {
      const files = { ...(state.files ?? {}) };
      for (const [file, record] of Object.entries(files)) {
        if (exists(file)) continue;
        dropped.push({ ...record, file });
        delete files[file];
      }
      return { version: 1, files };
    },
    { check: checkHostState },
  );
  return dropped;
}
