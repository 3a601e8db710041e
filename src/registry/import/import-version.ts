import { createHash } from "node:crypto";
import { importVersion, isPlaceholderVersion } from "../../core/convert/naming.js";
import type { Registry } from "../registry.js";
import { storedConnector } from "./import-lookup.js";

// The importer's version scheme (src/core/convert/naming.ts, importVersion): an upstream release is kept;
// a placeholder becomes `0.0.<n>-<tag>.c<digest>`, numbered against what this registry already stores.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * The version an entry is published as under `name`, and its files with plugin.json saying so. The digest
 * covers every file, plugin.json without its `name` and `version` (the place and the version are the
 * import's choice, not content), so the same upstream content gets the same version.
 */
export async function importedVersion(
  registry: Registry,
  name: string,
  files: Map<string, Uint8Array>,
  mapped: string,
): Promise<{ version: string; files: Map<string, Uint8Array> }> {
  if (!isPlaceholderVersion(mapped)) return { version: mapped, files };
  const manifest = JSON.parse(decoder.decode(files.get("plugin.json"))) as Record<string, unknown>;
  const version = importVersion(mapped, contentDigest(files, manifest), await storedVersions(registry, name));
  const copy = new Map(files);
  copy.set("plugin.json", encoder.encode(`${JSON.stringify({ ...manifest, version }, null, 2)}\n`));
  return { version, files: copy };
}

function contentDigest(files: Map<string, Uint8Array>, manifest: Record<string, unknown>): string {
  const { name: _name, version: _version, ...rest } = manifest;
  const hash = createHash("sha256");
  for (const path of [...files.keys()].sort()) {
    const bytes = path === "plugin.json" ? encoder.encode(JSON.stringify(rest)) : files.get(path)!;
    hash.update(`${path}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest("hex");
}

async function storedVersions(registry: Registry, name: string): Promise<string[]> {
  const stored = await storedConnector(registry, name);
  return "found" in stored ? Object.keys(stored.found.versions ?? {}) : [];
}
