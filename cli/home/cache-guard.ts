import fs from "node:fs/promises";
import path from "node:path";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";

/**
 * The plugins cache is written and deleted by the CLI (install, update, uninstall prune old versions).
 * A symbolic link planted below the cache root (plugins/cache/<marketplace>/<name> → ~/Documents) would
 * make "remove the old versions" delete what it points to. Every path written or deleted under the
 * cache is checked first: no link between the cache root and it, and its real path inside the root's.
 */
export async function guardCachePath(cacheRoot: string, target: string): Promise<void> {
  const rel = path.relative(cacheRoot, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) throw outside(cacheRoot, target);
  let at = cacheRoot;
  for (const part of rel.split(path.sep)) {
    at = path.join(at, part);
    const stat = await fs.lstat(at).catch(() => undefined);
    if (!stat) return; // not there (yet): nothing below it can be a link either
    if (stat.isSymbolicLink()) {
      throw localizedError(
        "home.cache.symlink",
        { key: "home.cache-symlink", params: { path: at } },
        { key: "home.cache-symlink-hint", params: { path: at } },
      );
    }
  }
  const [root, real] = await Promise.all([fs.realpath(cacheRoot), fs.realpath(target)]);
  if (!real.startsWith(root + path.sep)) throw outside(cacheRoot, target);
}

/** The cache root of a connector's folder, plugins/cache/<marketplace>/<name>. */
export function cacheRootOf(connectorDir: string): string {
  return path.dirname(path.dirname(connectorDir));
}

function outside(cacheRoot: string, target: string): ConnectoryError {
  return localizedError(
    "home.cache.outside",
    { key: "home.cache-outside", params: { path: target, cache: cacheRoot } },
    { key: "home.cache-outside-hint" },
  );
}
