import { serverEntries } from "../../../src/core/official/server-json.js";
import type { ServerJson } from "../../../src/core/official/types.js";
import type { PackageFiles } from "../../../src/core/types.js";

const decoder = new TextDecoder();
const read = (files: PackageFiles, file: string) => JSON.parse(decoder.decode(files.get(file)!));

/** The server.json the official read API serves for the first server of a converted package. */
export function reexport(files: PackageFiles): ServerJson {
  const manifest = read(files, "plugin.json");
  const entries = serverEntries({
    namespace: "dev.connectory.test",
    publicUrl: "http://r.test",
    connector: {
      name: manifest.name,
      publisher: manifest.publisher,
      updatedAt: "2026-01-01T00:00:00Z",
      downloads: 0,
    },
    version: {
      version: manifest.version,
      publishedAt: "2026-01-01T00:00:00Z",
      yanked: false,
      manifest,
      mcp: read(files, "mcp.json"),
      ...(files.has("token-schema.json") ? { tokenSchema: read(files, "token-schema.json") } : {}),
      dist: { tarball: "http://r.test/t", integrity: "sha512-x", sha256: "0", size: 1 },
    },
    bundles: {},
  });
  return entries[0]!.server;
}
