import type { Registry } from "../../src/registry/registry.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { Lru } from "./lru.js";

export interface IconFile {
  bytes: Uint8Array;
  type: string;
}

// Only these types are ever served, whatever the package claims: a PNG or an SVG (the validator checks
// both by content). Anything else falls back to the default icon.
const SERVED = new Set(["image/png", "image/svg+xml"]);

/**
 * The icon of an exact version, read out of its tarball (versions are immutable, so the result is kept).
 * Undefined when the version declares none.
 */
export function createIconReader(registry: Registry, cacheSize = 256) {
  const cache = new Lru<string, IconFile | null>(cacheSize);
  return async (name: string, version: string): Promise<IconFile | undefined> => {
    const key = `${name}@${version}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const doc = await registry.readVersion(name, version);
    const icon = doc.icon as { path?: unknown; mediaType?: unknown } | undefined;
    let found: IconFile | null = null;
    if (
      icon &&
      typeof icon.path === "string" &&
      typeof icon.mediaType === "string" &&
      SERVED.has(icon.mediaType)
    ) {
      const tarball = await registry.tarball(name, version, { count: false });
      const bytes = (await readTarball(tarball.bytes)).get(icon.path);
      if (bytes) found = { bytes, type: icon.mediaType };
    }
    cache.set(key, found);
    return found ?? undefined;
  };
}
