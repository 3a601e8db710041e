import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpbBundle, buildMcpbBundles } from "../../src/package/mcpb-bundle.js";
import { bundledServers, MAX_BUNDLED_SERVERS } from "../../src/registry/official/bundles.js";
import type { McpbManifest } from "../../src/core/official/mcpb-manifest.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";

// Issue 31 #6: bundles are built in a worker thread (the registry keeps answering), within a time budget,
// the package's files compressed once for every server of a version, at most MAX_BUNDLED_SERVERS per version.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
});
afterAll(() => reg.close());

/** 4 MiB of low-entropy text (the kind that made level 9 take seconds) and a server file. */
function large() {
  const line = (i: number) => `line ${i % 1000} of a long and very repetitive log file, nothing to see\n`;
  const text = Array.from({ length: 60_000 }, (_, i) => line(i)).join("");
  const files = new Map<string, Uint8Array>([
    ["server/index.js", new TextEncoder().encode("console.log(1)\n")],
    ["data.txt", new TextEncoder().encode(text)],
  ]);
  return { files, executables: new Set(["server/index.js"]) };
}
const manifest = (name: string) =>
  ({ manifest_version: "0.2", name, version: "1.0.0" }) as unknown as McpbManifest;

describe("building bundles off the event loop", () => {
  it("/healthz answers while a large version's bundles build", async () => {
    let built = false;
    const build = buildMcpbBundles(large(), [
      ["a", manifest("a")],
      ["b", manifest("b")],
      ["c", manifest("c")],
    ]).then((zips) => {
      built = true;
      return zips;
    });
    const health = await reg.request("/healthz");
    // Served while the build was still running: a build on the event loop would have finished first.
    const answeredDuringBuild = !built;
    expect(health.status).toBe(200);
    expect(answeredDuringBuild).toBe(true);
    const zips = await build;
    expect(zips).toHaveLength(3);
    for (const [i, zip] of zips.entries()) {
      const files = unzipSync(zip);
      expect(Object.keys(files).sort()).toEqual(["data.txt", "manifest.json", "server/index.js"]);
      expect(JSON.parse(new TextDecoder().decode(files["manifest.json"]))).toMatchObject({ name: "abc"[i] });
      expect(files["data.txt"]!.length).toBe(large().files.get("data.txt")!.length);
    }
  });

  it("is deterministic, and the same bytes as the in-process build", async () => {
    const [worker] = await buildMcpbBundles(large(), [["a", manifest("a")]]);
    expect(Buffer.from(worker!).equals(Buffer.from(buildMcpbBundle(large(), manifest("a"))))).toBe(true);
  });

  it("stops a build over its time budget with bundle.build.timeout", async () => {
    await expect(buildMcpbBundles(large(), [["a", manifest("a")]], 1)).rejects.toMatchObject({
      code: "bundle.build.timeout",
    });
  });

  it(`bundles at most ${MAX_BUNDLED_SERVERS} servers of a version`, () => {
    const mcpServers = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `s${i}`,
        { command: "node", args: ["${PLUGIN_ROOT}/server/index.js"] },
      ]),
    );
    const servers = bundledServers({ mcp: { mcpServers } } as never);
    expect(servers).toHaveLength(MAX_BUNDLED_SERVERS);
    expect(servers[0]).toBe("s0");
  });
});
