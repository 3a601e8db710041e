import type { Registry } from "../../registry/registry.js";
import { readTarball } from "../../package/read-tarball.js";
import { Lru } from "./lru.js";
import { monogramSvg } from "./monogram.js";
import { shownTitle } from "./shown-title.js";

export interface IconFile {
  bytes: Uint8Array;
  type: string;
}

/** The icon of a version: its own file, the upstream catalog's icon (a URL to send the browser to), or a monogram. */
export type Icon = { file: IconFile; own: boolean } | { redirect: string };

// Only these types are ever served, whatever the package claims: a PNG or an SVG (the validator checks
// both by content). Anything else falls back to the default icon.
const SERVED = new Set(["image/png", "image/svg+xml"]);

/**
 * Hosts an upstream icon may come from: the page's CSP lets images load from these (security-headers.ts),
 * and no other. GitHub's avatars are what the Docker catalog mostly points at.
 */
export const UPSTREAM_ICON_HOSTS = ["avatars.githubusercontent.com"];

/**
 * The icon of an exact version, read out of its tarball (versions are immutable, so the result is kept):
 * the package's icon; else the icon its upstream catalog names (provenance.json: Docker's `about.icon`,
 * server.json's `icons`) when it is on an allowed host; else a monogram of its name.
 */
export function createIconReader(registry: Registry, cacheSize = 256) {
  const cache = new Lru<string, Icon>(cacheSize);
  return async (name: string, version: string): Promise<Icon> => {
    const key = `${name}@${version}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const doc = await registry.readVersion(name, version);
    const icon = doc.icon as { path?: unknown; mediaType?: unknown } | undefined;
    let found: Icon | undefined;
    const ownIcon =
      icon &&
      typeof icon.path === "string" &&
      typeof icon.mediaType === "string" &&
      SERVED.has(icon.mediaType);
    if (ownIcon || doc.provenance) {
      const files = await readTarball((await registry.tarball(name, version, { count: false })).bytes);
      const bytes = ownIcon ? files.get(icon.path as string) : undefined;
      if (bytes) found = { file: { bytes, type: icon!.mediaType as string }, own: true };
      else {
        const url = upstreamIcon(files.get("provenance.json"));
        if (url) found = { redirect: url };
      }
    }
    const title = shownTitle({ name, displayName: doc.manifest.displayName, publisher: doc.publisher });
    found ??= {
      file: { bytes: new TextEncoder().encode(monogramSvg(name, title)), type: "image/svg+xml" },
      own: false,
    };
    cache.set(key, found);
    return found;
  };
}

/** The upstream icon URL in an imported package's provenance.json, if it is https on an allowed host. */
export function upstreamIcon(provenance: Uint8Array | undefined): string | undefined {
  if (!provenance) return undefined;
  let p: { extra?: { about?: { icon?: unknown }; icons?: unknown } };
  try {
    p = JSON.parse(new TextDecoder().decode(provenance)) as typeof p;
  } catch {
    return undefined;
  }
  const icons = Array.isArray(p.extra?.icons) ? (p.extra.icons as Array<{ src?: unknown }>) : [];
  for (const candidate of [p.extra?.about?.icon, ...icons.map((i) => i?.src)]) {
    if (typeof candidate !== "string") continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "https:" && UPSTREAM_ICON_HOSTS.includes(url.hostname)) return url.href;
    } catch {
      // not a URL: try the next
    }
  }
  return undefined;
}
