import type { HostId } from "../../src/core/hosts/index.js";
import type { OwnedEntry } from "../../src/core/hosts/ownership.js";
import { homePaths } from "./home.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";

/** $CONNECTORY_HOME/hosts.json: per host file, the entries Connectory wrote and their hashes. */
export interface HostStateFile {
  version: 1;
  files: Record<string, { host: HostId; entries: Record<string, OwnedEntry & { writtenAt: string }> }>;
}

const EMPTY: HostStateFile = { version: 1, files: {} };

/** The entries Connectory owns in one host file. */
export async function readOwned(home: string, file: string): Promise<Record<string, OwnedEntry>> {
  const state = await readJsonFile<HostStateFile>(homePaths(home).hostState, EMPTY);
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
  await updateJsonFile<HostStateFile>(homePaths(home).hostState, EMPTY, (state) => {
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
  });
}
