import path from "node:path";
import type { OwnedEntry } from "../../src/core/hosts/ownership.js";
import { describe, objectOf, readJsonFile, updateJsonFile, type ShapeCheck } from "../home/json-file.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * $CONNECTORY_HOME/imports.json: per host file, the entries `connectory import` copied into mcp.json,
 * with the hash of each entry as it was then. `config export --replace-imported` may replace exactly
 * those entries (unchanged since) with launcher entries.
 */
export interface ImportStateFile {
  version: 1;
  files: Record<string, { host: string; servers: Record<string, OwnedEntry & { importedAt: string }> }>;
}

const EMPTY: ImportStateFile = { version: 1, files: {} };

const check: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "version": 1, "files": { … } }, found ${describe(file)}`;
  if (file.files === undefined) return undefined;
  const problem = objectOf("an object of host files", (f) => {
    if (!isObject(f) || typeof f.host !== "string") return 'has no "host" text';
    return objectOf("an object of servers", (s) =>
      isObject(s) && typeof s.sha256 === "string" ? undefined : 'has no "sha256" text',
    )(f.servers);
  })(file.files);
  return problem === undefined ? undefined : `"files": ${problem}`;
};

const where = (home: string) => path.join(home, "imports.json");

/** The entries imported from one host file, by server name. */
export async function readImported(home: string, file: string): Promise<Record<string, OwnedEntry>> {
  const state = await readJsonFile<ImportStateFile>(where(home), EMPTY, check);
  const servers = state.files?.[file]?.servers ?? {};
  return Object.fromEntries(Object.entries(servers).map(([k, v]) => [k, { sha256: v.sha256 }]));
}

/** Records imported entries of one host file (added to what was recorded before). */
export async function recordImported(
  home: string,
  host: string,
  file: string,
  servers: Record<string, OwnedEntry>,
  now: Date,
): Promise<void> {
  if (Object.keys(servers).length === 0) return;
  await updateJsonFile<ImportStateFile>(
    where(home),
    EMPTY,
    (state) => {
      const files = { ...(state.files ?? {}) };
      const previous = files[file]?.servers ?? {};
      const added = Object.fromEntries(
        Object.entries(servers).map(([k, v]) => [k, { sha256: v.sha256, importedAt: now.toISOString() }]),
      );
      files[file] = { host, servers: { ...previous, ...added } };
      return { version: 1, files };
    },
    { check },
  );
}
