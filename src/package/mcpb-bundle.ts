import { zipSync, type Zippable } from "fflate";
import type { McpbManifest } from "../core/official/mcpb-manifest.js";
import type { PackageContents } from "./contents.js";

// A zip's entry times are local DOS times (fflate reads the Date's local fields): built from local fields
// in the zone of the moment, the bytes are the same in every time zone. 1985-10-26 08:15, as the tarballs.
const mtime = () => new Date(1985, 9, 26, 8, 15, 0);

/**
 * An MCP Bundle (.mcpb): the package's files plus `manifest.json` at the root, zipped deterministically
 * (entries sorted, fixed times, Unix modes 0644/0755, fflate's deflate at a pinned level), so the same
 * version always gives the same bytes and the same fileSha256. A `manifest.json` of the package itself is
 * replaced by the bundle's.
 */
export function buildMcpbBundle(contents: PackageContents, manifest: McpbManifest): Uint8Array {
  const files = new Map(contents.files);
  files.set("manifest.json", new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
  const zippable: Zippable = {};
  const time = mtime();
  for (const path of [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const mode = path !== "manifest.json" && contents.executables.has(path) ? 0o755 : 0o644;
    zippable[path] = [files.get(path)!, { level: 9, mtime: time, os: 3, attrs: (0o100000 | mode) << 16 }];
  }
  return zipSync(zippable);
}
