import { unzipSync } from "fflate";
import { expect, it } from "vitest";
import { mcpbManifest } from "../../src/core/official/mcpb-manifest.js";
import type { StdioServer } from "../../src/core/types.js";
import { buildMcpbBundle } from "../../src/package/mcpb-bundle.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { SAMPLES_DIR } from "../helpers/registry.js";
import { versionSource } from "../helpers/official.js";
import path from "node:path";

/** Each entry's Unix mode from the zip's central directory (external attributes, high 16 bits). */
function modes(zip: Uint8Array): Record<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: Record<string, number> = {};
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    out[name] = (view.getUint32(at + 38, true) >>> 16) & 0o777;
  }
  return out;
}

async function weather() {
  const contents = await readPackageContents(path.join(SAMPLES_DIR, "weather"));
  // `npm run build:samples` writes the server; a stand-in keeps this test independent of the build.
  contents.files.set("server/index.js", new TextEncoder().encode("console.log('weather');\n"));
  const source = versionSource(contents.files);
  const manifest = mcpbManifest({
    manifest: source.manifest,
    server: source.mcp.mcpServers.weather as StdioServer,
    serverKey: "weather",
    servers: 1,
    ...(source.tokenSchema ? { tokenSchema: source.tokenSchema } : {}),
    tools: [{ name: "get_weather", description: "Current weather" }],
  })!;
  return { contents, manifest };
}

it("the weather sample's manifest: node entry point, mcp_config with ${__dirname} and user_config", async () => {
  const { manifest } = await weather();
  expect(manifest).toMatchObject({
    manifest_version: "0.3",
    name: "weather",
    display_name: "Weather (bundled sample)",
    version: "1.0.0",
    author: { name: "connectory-samples" },
    license: "MIT",
    server: {
      type: "node",
      entry_point: "server/index.js",
      mcp_config: {
        command: "node",
        args: ["${__dirname}/server/index.js"],
        env: { WEATHER_UNITS: "${user_config.WEATHER_UNITS}" },
      },
    },
    user_config: {
      WEATHER_UNITS: { type: "string", title: "Units", default: "metric" },
    },
    tools: [{ name: "get_weather", description: "Current weather" }],
    compatibility: { platforms: ["darwin", "linux", "win32"], runtimes: { node: ">=18.0.0" } },
  });
  expect(manifest.user_config!.WEATHER_UNITS!.description).toContain("One of: metric, imperial.");
  expect(manifest.user_config!.WEATHER_UNITS!.sensitive).toBeUndefined();
});

it("secrets are sensitive, integers numbers; binaries and python get their server type", () => {
  const base = { name: "b", version: "1.0.0", publisher: "acme", description: "d" };
  const schema = {
    type: "object" as const,
    properties: {
      KEY: { type: "string" as const, secret: true },
      N: { type: "integer" as const, minimum: 1, maximum: 9 },
    },
    required: ["KEY"],
  };
  const binary = mcpbManifest({
    manifest: base,
    server: { command: "${PLUGIN_ROOT}/bin/srv", args: ["--n", "${N}"], env: { KEY: "${KEY}" } },
    serverKey: "a",
    servers: 2,
    tokenSchema: schema,
  })!;
  expect(binary.name).toBe("b-a");
  expect(binary.server).toEqual({
    type: "binary",
    entry_point: "bin/srv",
    mcp_config: {
      command: "${__dirname}/bin/srv",
      args: ["--n", "${user_config.N}"],
      env: { KEY: "${user_config.KEY}" },
    },
  });
  expect(binary.user_config).toEqual({
    KEY: { type: "string", title: "KEY", description: "KEY", required: true, sensitive: true },
    N: { type: "number", title: "N", description: "N", min: 1, max: 9 },
  });
  const python = mcpbManifest({
    manifest: base,
    server: { command: "python3", args: ["${PLUGIN_ROOT}/main.py"] },
    serverKey: "a",
    servers: 1,
  })!;
  expect([python.server.type, python.server.entry_point]).toEqual(["python", "main.py"]);
  expect(
    mcpbManifest({ manifest: base, server: { command: "npx", args: ["x"] }, serverKey: "a", servers: 1 }),
  ).toBeUndefined();
});

it("a bundle is deterministic: same bytes every time, manifest.json at the root, modes kept", async () => {
  const { contents, manifest } = await weather();
  const a = buildMcpbBundle(contents, manifest);
  const b = buildMcpbBundle(
    { files: new Map([...contents.files].reverse()), executables: contents.executables },
    manifest,
  );
  expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  const files = unzipSync(a);
  expect(Object.keys(files)).toEqual([...Object.keys(files)].sort());
  expect(JSON.parse(new TextDecoder().decode(files["manifest.json"]))).toEqual(manifest);
  expect(files["server/index.js"]).toEqual(contents.files.get("server/index.js"));
  expect(modes(a)["manifest.json"]).toBe(0o644);
  const withExec = buildMcpbBundle(
    { files: contents.files, executables: new Set(["server/index.js"]) },
    manifest,
  );
  expect(modes(withExec)["server/index.js"]).toBe(0o755);
  const spoofed = new Map(contents.files).set("manifest.json", new TextEncoder().encode("{}"));
  const replaced = unzipSync(buildMcpbBundle({ files: spoofed, executables: new Set() }, manifest));
  expect(JSON.parse(new TextDecoder().decode(replaced["manifest.json"]))).toEqual(manifest);
});

it("the bytes do not depend on the machine's time zone (zip times are local DOS times)", async () => {
  const { contents, manifest } = await weather();
  const tz = process.env.TZ;
  try {
    process.env.TZ = "UTC";
    const utc = buildMcpbBundle(contents, manifest);
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14
    const far = buildMcpbBundle(contents, manifest);
    expect(Buffer.from(utc).equals(Buffer.from(far))).toBe(true);
  } finally {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  }
});
