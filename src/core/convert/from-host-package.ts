import { HOST_PACKAGE_FILES, OWN_PACKAGE_JSON } from "../host-catalogs/host-package.js";
import { parseForeignJson } from "../json-depth.js";
import { isObject } from "../json-guards.js";
import type { PackageFiles } from "../types.js";
import type { Conversion } from "./types.js";

const decoder = new TextDecoder();

/**
 * A host package a Connectory registry served (a Claude Code, Codex or Cursor plugin or a Gemini CLI
 * extension made by src/core/host-catalogs/host-package.ts) back to the very connector it was made from:
 * its own plugin.json, mcp.json, token-schema.json, skills and code are inside, the hosts' manifests are
 * dropped and its own package.json put back. Undefined for a plugin that is not one.
 */
export function fromHostPackage(files: PackageFiles): Conversion | undefined {
  const manifest = json(files.get("plugin.json"));
  if (!isObject(manifest) || typeof manifest["publisher"] !== "string" || !files.has("mcp.json"))
    return undefined;
  if (![".claude-plugin/plugin.json", "gemini-extension.json"].some((f) => files.has(f))) return undefined;
  const name = manifest["name"];
  const version = manifest["version"];
  if (typeof name !== "string" || typeof version !== "string") return undefined;
  const out: PackageFiles = new Map(files);
  for (const file of HOST_PACKAGE_FILES) out.delete(file);
  const own = files.get(OWN_PACKAGE_JSON);
  out.delete(OWN_PACKAGE_JSON);
  if (own) out.set("package.json", own);
  return {
    ok: true,
    name,
    version,
    files: out,
    notes: [],
    provenance: { format: "claude-plugin", upstreamName: name, upstreamVersion: version },
  };
}

function json(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return parseForeignJson(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}
