import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { withLock } from "../../src/fs/lock.js";
import { connectorLock, pruneVersions } from "./commit-version.js";
import { forgetConnectorCredentials, readCredentials } from "../credentials/credentials-store.js";
import { connectorKey, homePaths } from "../home/home.js";
import { NAME } from "../../src/core/names.js";
import { readInstalled } from "../home/installed-store.js";

/**
 * What a connector left behind without a record in installed.json: an uninstall killed after it removed
 * the record, or an install killed after it stored credentials and before the record (its commit point).
 * Nothing runs from it; `connectory uninstall <key>` finishes the job.
 */
export interface Leftover {
  key: string;
  name: string;
  marketplace: string;
  credentials: boolean;
  /** plugins/cache/<marketplace>/<name>, when it is still there. */
  cache?: string;
}

/** Every connector with credentials or cached files and no installed record, sorted by key. */
export async function findLeftovers(home: string): Promise<Leftover[]> {
  const installed = await readInstalled(home);
  const credentials = (await readCredentials(home)).connectors;
  const found = new Map<string, Leftover>();
  const add = (name: string, marketplace: string): Leftover | undefined => {
    const key = connectorKey(name, marketplace);
    if (Object.hasOwn(installed, key) || !NAME.test(name) || !NAME.test(marketplace)) return undefined;
    const entry = found.get(key) ?? { key, name, marketplace, credentials: false };
    found.set(key, entry);
    return entry;
  };
  for (const key of Object.keys(credentials)) {
    const at = key.lastIndexOf("@");
    const entry = at > 0 ? add(key.slice(0, at), key.slice(at + 1)) : undefined;
    if (entry) entry.credentials = true;
  }
  const root = homePaths(home).cacheRoot;
  for (const marketplace of await folders(root)) {
    for (const name of await folders(path.join(root, marketplace))) {
      const entry = add(name, marketplace);
      if (entry) entry.cache = path.join(root, marketplace, name);
    }
  }
  return [...found.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The leftovers a user means by `name` or `name@marketplace` (a bare name: every marketplace's). */
export async function leftoversOf(home: string, ref: string): Promise<Leftover[]> {
  return (await findLeftovers(home)).filter((l) => l.key === ref || l.name === ref);
}

/**
 * Removes one leftover under the connector's lock, after checking again that it still has no record (an
 * install of it may have finished meanwhile: then nothing is touched). Returns what was removed.
 */
export async function removeLeftover(
  home: string,
  leftover: Leftover,
): Promise<{ credentials: boolean; cache: boolean }> {
  return withLock(connectorLock(home, leftover.key), async () => {
    const now = (await findLeftovers(home)).find((l) => l.key === leftover.key);
    if (!now) return { credentials: false, cache: false };
    if (now.credentials) await forgetConnectorCredentials(home, now.key);
    if (now.cache) await pruneVersions(now.cache, undefined);
    return { credentials: now.credentials, cache: now.cache !== undefined };
  });
}

/** The folders directly inside dir (none when it does not exist); dot-folders are staging and locks. */
async function folders(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith(".")).map((e) => e.name);
}
