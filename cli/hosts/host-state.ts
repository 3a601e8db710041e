import type { HostId } from "../../src/core/hosts/types.js";
import type { OwnedEntry } from "../../src/core/hosts/ownership.js";
import { homePaths } from "../home/home.js";
import {
  describe,
  isJsonObject,
  objectOf,
  readJsonFile,
  updateJsonFile,
  type ShapeCheck,
} from "../home/json-file.js";

/** $CONNECTORY_HOME/hosts.json: per host file, the entries Connectory wrote and their hashes. */
export interface HostStateFile {
  version: 1;
  files: Record<string, { host: HostId; entries: Record<string, OwnedEntry & { writtenAt: string }> }>;
}

const EMPTY: HostStateFile = { version: 1, files: {} };

const hostFiles = objectOf("an object of host files", (f) => {
  if (!isJsonObject(f)) return `is ${describe(f)}, not a host file record`;
  if (typeof f.host !== "string") return 'has no "host" text';
  return objectOf("an object of entries", (e) =>
    isJsonObject(e) && typeof e.sha256 === "string" ? undefined : 'has no "sha256" text',
  )(f.entries);
});

/** hosts.json's shape: a damaged record must not make an export take over (or drop) the wrong entries. */
export const checkHostState: ShapeCheck = (file) => {
  if (!isJsonObject(file)) return `expected { "version": 1, "files": { … } }, found ${describe(file)}`;
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
  host: HostId,
  file: string,
  owned: Record<string, OwnedEntry>,
  now: Date,
): Promise<void> {
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
      if (Object.keys(entries).length === 0) delete files[file];
      else files[file] = { host, entries };
      return { version: 1, files };
    },
    { check: checkHostState },
  );
}
