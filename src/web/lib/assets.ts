import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { webPaths } from "./paths.js";
import { SHOWN_TITLE_SCRIPT } from "./shown-title.js";

// src/web/static is small (a stylesheet, a script, a few SVGs): read once, kept in memory, fingerprinted.

/** Static files built from server code rather than kept in src/web/static, served the same way. */
const BUILT: Record<string, string> = { "shown-title.js": SHOWN_TITLE_SCRIPT };

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

export interface Asset {
  bytes: Uint8Array;
  type: string;
  /** First characters of the sha256 of the bytes: the cache-busting `v` of asset URLs. */
  hash: string;
}

let assets: Map<string, Asset> | undefined;

function load(): Map<string, Asset> {
  if (assets) return assets;
  const dir = webPaths().static;
  const out = new Map<string, Asset>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const type = TYPES[path.extname(entry.name)];
    if (!entry.isFile() || type === undefined) continue;
    out.set(entry.name, asset(fs.readFileSync(path.join(dir, entry.name)), type));
  }
  for (const [name, text] of Object.entries(BUILT))
    out.set(name, asset(new TextEncoder().encode(text), TYPES[path.extname(name)]!));
  assets = out;
  return out;
}

function asset(bytes: Uint8Array, type: string): Asset {
  return { bytes, type, hash: createHash("sha256").update(bytes).digest("base64url").slice(0, 10) };
}

/** A static file by its name in src/web/static (or a built one, BUILT), if there is one. */
export function getAsset(name: string): Asset | undefined {
  return load().get(name);
}

/** The fingerprinted URL of a static file: it changes whenever the file does, so it can be cached forever. */
export function assetUrl(name: string): string {
  const asset = load().get(name);
  if (!asset) throw new Error(`connectory web: no static file ${name}`);
  return `/static/${name}?v=${asset.hash}`;
}
