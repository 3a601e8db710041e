import { describe, expect, it } from "vitest";
import { fromServerJson } from "../../../src/core/convert/from-server-json.js";
import { serverEntries } from "../../../src/core/official/server-json.js";
import type { PackageFiles } from "../../../src/core/types.js";
import { json, readJson } from "./real-world.js";

// server.json → connector → server.json (the official read API's mapping, src/core/official): the chosen
// package comes back with the registry type, identifier, version, transport and environment variables it
// went in with. Measured over the whole seed; the figure is printed.

type Pkg = {
  registryType?: string;
  identifier?: string;
  version?: string;
  transport?: { type?: string };
  environmentVariables?: Array<{ name: string; isSecret?: boolean }>;
};

function back(files: PackageFiles): Pkg | undefined {
  const entries = serverEntries({
    namespace: "dev.connectory.test",
    publicUrl: "http://r.test",
    connector: {
      name: json(files, "plugin.json").name,
      publisher: json(files, "plugin.json").publisher,
      updatedAt: "2026-01-01T00:00:00Z",
      downloads: 0,
    },
    version: {
      version: json(files, "plugin.json").version,
      publishedAt: "2026-01-01T00:00:00Z",
      yanked: false,
      manifest: json(files, "plugin.json"),
      mcp: json(files, "mcp.json"),
      ...(files.has("token-schema.json") ? { tokenSchema: json(files, "token-schema.json") } : {}),
      dist: { tarball: "http://r.test/t", integrity: "sha512-x", sha256: "0", size: 1 },
    },
    bundles: {},
  });
  return (entries[0]?.server as { packages?: Pkg[] }).packages?.[0];
}

// The 2025-12-11 schema puts an OCI image's tag in its identifier (`image:tag`, no version); older ones
// had a separate version. Both say the same image.
const ociRef = (p: Pkg) =>
  p.version && !/[:@]/.test(p.identifier ?? "") ? `${p.identifier}:${p.version}` : p.identifier;
const same = (a: Pkg, b: Pkg | undefined) =>
  b !== undefined &&
  a.registryType === b.registryType &&
  (a.registryType === "oci"
    ? ociRef(a) === ociRef(b)
    : a.identifier === b.identifier && (a.version ?? "") === (b.version ?? "")) &&
  (b.transport?.type ?? "stdio") === "stdio" &&
  JSON.stringify((a.environmentVariables ?? []).map((e) => e.name).sort()) ===
    JSON.stringify((b.environmentVariables ?? []).map((e) => e.name).sort());

describe("server.json round trip", () => {
  it("brave comes back with its package and its secret", () => {
    const upstream = readJson("mcp-registry-brave.server.json") as { packages: Pkg[] };
    const r = fromServerJson(upstream);
    if (!r.ok) throw new Error(r.message);
    const pkg = back(r.files);
    expect(same(upstream.packages[0]!, pkg)).toBe(true);
    expect(pkg?.environmentVariables?.[0]).toMatchObject({
      name: "BRAVE_API_KEY",
      isSecret: true,
      isRequired: true,
    });
  });

  it("the seed's chosen packages come back as they went in", { timeout: 120_000 }, () => {
    const seed = readJson("official-registry-seed.server.json") as Array<{ packages: Pkg[] }>;
    let kept = 0;
    const lost: string[] = [];
    for (const entry of seed) {
      const r = fromServerJson(entry);
      if (!r.ok) continue;
      const chosen = entry.packages[Number(r.provenance.chosen?.split("/")[1])]!;
      if (same(chosen, back(r.files))) kept++;
      else lost.push(r.name);
    }
    console.log("round trip", JSON.stringify({ total: seed.length, kept, lost: lost.slice(0, 10) }));
    expect(kept / seed.length).toBeGreaterThanOrEqual(0.95);
  });
});
