import type { Runner } from "../../src/core/launch/pick-launch.js";
import { randomBytes } from "node:crypto";
import { saveTrust } from "../verify/marketplace-keys.js";
import fs from "node:fs/promises";
import path from "node:path";
import { localizedError } from "../terminal/language.js";
import type { Credentials } from "../../src/core/types.js";
import { syncDir } from "../../src/fs/atomic-write.js";
import { withLock } from "../../src/fs/lock.js";
import { writePackageTree } from "../../src/package/unpack.js";
import type { CommandContext } from "../context.js";
import { changeConnectorCredentials, readCredentials } from "../credentials/credentials-store.js";
import type { FetchedVersion } from "./fetch-version.js";
import type { AcceptedPermissions } from "./accept-permissions.js";
import { cacheDir, connectorKey, homePaths } from "../home/home.js";
import { cacheRootOf, guardCachePath } from "../home/cache-guard.js";
import { hashFiles } from "./file-hashes.js";
import { updateInstalled, type InstalledEntry } from "../home/installed-store.js";

/**
 * The lock every writer of one connector's cache folder holds (install, update, uninstall): installs of
 * different connectors run in parallel, two of the same one take turns.
 */
export function connectorLock(home: string, key: string): string {
  return path.join(homePaths(home).plugins, "locks", key);
}

/**
 * Writes a fetched version: its cache folder (atomic), its credentials, then the installed.json record,
 * which is the commit point — a process killed before it leaves the previous install in charge. Then
 * removes the connector's cached versions the record no longer uses. `credentials` replaces what is
 * stored (undefined: leave the store alone).
 */
export async function commitVersion(
  ctx: Pick<CommandContext, "home" | "now">,
  fetched: FetchedVersion,
  options: {
    requested: string;
    yanked: boolean;
    credentials?: Credentials;
    /** The permissions the user accepted for this version (accept-permissions.ts). */
    permissions?: AcceptedPermissions;
    /** `install --prefer`: kept until the next install says otherwise. */
    prefer?: Runner;
  },
): Promise<InstalledEntry> {
  const { name, marketplace, version } = fetched;
  const key = connectorKey(name, marketplace);
  return withLock(connectorLock(ctx.home, key), async () => {
    const dir = cacheDir(ctx.home, marketplace, name, version);
    await guardCachePath(homePaths(ctx.home).cacheRoot, dir);
    await placeVersion(dir, fetched);
    const restore = options.credentials
      ? await storeCredentials(ctx.home, key, options.credentials)
      : undefined;
    let entry: InstalledEntry | undefined;
    try {
      await updateInstalled(ctx.home, (all) => {
        const before = all[key];
        const now = ctx.now().toISOString();
        entry = {
          name,
          marketplace,
          version,
          integrity: fetched.integrity,
          sha256: fetched.sha256,
          enabled: before?.enabled ?? fetched.pkg.manifest.defaultEnabled ?? true,
          requested: options.requested,
          installedAt: before?.installedAt ?? now,
          ...(before ? { updatedAt: now } : {}),
          ...(options.yanked ? { yanked: true } : {}),
          ...(options.permissions !== undefined ? { permissions: options.permissions } : {}),
          ...((options.prefer ?? before?.prefer) !== undefined
            ? { prefer: options.prefer ?? before?.prefer }
            : {}),
          // The verified statement and signatures: run and doctor check them offline.
          signed: fetched.release,
          // The signed tool snapshot: what `inspect`/`run` pin this version's servers against.
          ...(fetched.toolSnapshot ? { toolSnapshot: fetched.toolSnapshot } : {}),
          // What was unpacked, file by file; a reused folder keeps what its install recorded.
          ...(fetched.contents
            ? { files: hashFiles(fetched.contents.files) }
            : before?.version === version && before.files
              ? { files: before.files }
              : {}),
        };
        return { ...all, [key]: entry };
      });
    } catch (error) {
      await restore?.();
      throw error;
    }
    // The keys pinned on first use and the newest checkpoint, now that the install landed.
    await saveTrust(ctx.home, marketplace, fetched.trust);
    await pruneVersions(path.dirname(dir), version);
    return entry as InstalledEntry;
  });
}

/**
 * Makes `dir` hold exactly the fetched version. A folder already there is kept only when nothing was
 * downloaded (fetchVersion read it and found it sound); when fresh verified bytes were fetched, whatever
 * is there (left by a killed install, other bytes, or a damaged copy being repaired) is replaced by a
 * swap, so `dir` is never half-written.
 */
async function placeVersion(dir: string, fetched: FetchedVersion): Promise<void> {
  const present = await exists(dir);
  if (present && fetched.contents === undefined) return;
  if (!fetched.contents) {
    throw localizedError(
      "install.raced",
      { key: "install.raced", params: { label: `${fetched.name}@${fetched.version}` } },
      { key: "install.raced-hint" },
    );
  }
  if (!present) return writePackageTree(fetched.contents, dir);
  const tag = randomBytes(4).toString("hex");
  const staging = path.join(path.dirname(dir), `.${fetched.version}.new-${tag}`);
  const trash = path.join(path.dirname(dir), `.${fetched.version}.old-${tag}`);
  await writePackageTree(fetched.contents, staging);
  await fs.rename(dir, trash);
  await fs.rename(staging, dir);
  await syncDir(path.dirname(dir));
  await fs.rm(trash, { recursive: true, force: true });
}

/** Stores a connector's credentials; returns how to put back what was there. Unchanged values write nothing. */
async function storeCredentials(
  home: string,
  key: string,
  values: Credentials,
): Promise<(() => Promise<void>) | undefined> {
  const previous = (await readCredentials(home)).connectors[key];
  if (sameValues(previous, values)) return undefined;
  // Only the keys this install changes are written (and put back on failure), under the lock.
  await changeConnectorCredentials(home, key, previous, values);
  return async () =>
    void (await changeConnectorCredentials(home, key, values, previous).catch(() => undefined));
}

function sameValues(a: Credentials | undefined, b: Credentials): boolean {
  const left = Object.entries(a ?? {}).sort(([x], [y]) => (x < y ? -1 : 1));
  const right = Object.entries(b).sort(([x], [y]) => (x < y ? -1 : 1));
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Removes every cached version of one connector but `keep`, and leftovers of killed installs. Never
 * through a symbolic link (guardCachePath): a linked connector folder is refused; a linked entry in it
 * is unlinked, never followed (fs.rm removes a link, not its target).
 */
export async function pruneVersions(connectorDir: string, keep: string | undefined): Promise<string[]> {
  const root = cacheRootOf(connectorDir);
  await guardCachePath(root, connectorDir);
  let names: string[];
  try {
    names = await fs.readdir(connectorDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const n of names) {
    if (n === keep) continue;
    await guardCachePath(root, path.join(connectorDir, n)).catch(async (error: unknown) => {
      // A link inside is removed as a link: its target is left alone.
      if ((error as { code?: string }).code !== "home.cache.symlink") throw error;
      await fs.unlink(path.join(connectorDir, n));
    });
    await fs.rm(path.join(connectorDir, n), { recursive: true, force: true });
    if (!n.startsWith(".")) removed.push(n);
  }
  if (keep === undefined) await fs.rm(connectorDir, { recursive: true, force: true });
  return removed;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}
