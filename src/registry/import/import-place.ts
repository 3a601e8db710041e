import type { Registry } from "../registry.js";
import { storedConnector } from "./import-lookup.js";
import { hashedName, manifestOf } from "./import-publishers.js";

/**
 * Where an entry goes: its own name when free or already its publisher's; else `<publisher>-<name>` (two
 * upstream namespaces often both have a `mcp-server`), deterministic so a re-import finds the same place.
 */
export async function place(
  registry: Registry,
  name: string,
  publisher: string,
  upstreamName?: string,
): Promise<{ name: string; known: boolean } | undefined> {
  const prefixed = `${publisher}-${name}`.slice(0, 64).replace(/-+$/, "");
  const candidates = [name, prefixed];
  // Both taken by others: a name derived from the upstream name alone, the same on every registry and run.
  if (upstreamName !== undefined) candidates.push(hashedName(prefixed, upstreamName));
  for (const candidate of candidates) {
    const stored = await storedConnector(registry, candidate);
    if ("missing" in stored) return { name: candidate, known: false };
    if ("found" in stored && stored.found.publisher === publisher) return { name: candidate, known: true };
  }
  return undefined;
}

/** The package with plugin.json's fields replaced (the rest of the files as they are). */
function withManifest(
  files: Map<string, Uint8Array>,
  fields: Record<string, unknown>,
): Map<string, Uint8Array> {
  const copy = new Map(files);
  copy.set(
    "plugin.json",
    new TextEncoder().encode(`${JSON.stringify({ ...manifestOf(files), ...fields }, null, 2)}\n`),
  );
  return copy;
}

/** The package under another connector name (plugin.json only; the upstream name stays in keywords). */
export function renamed(files: Map<string, Uint8Array>, name: string): Map<string, Uint8Array> {
  return withManifest(files, { name });
}

/** The package with a title that names its publisher ("Stripe (docker)"), so it is not another's look-alike. */
export function retitled(files: Map<string, Uint8Array>, publisher: string): Map<string, Uint8Array> {
  const manifest = manifestOf(files);
  const title = typeof manifest.displayName === "string" ? manifest.displayName : String(manifest.name);
  return withManifest(files, { displayName: `${title} (${publisher})` });
}
