import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { validateCredentials } from "../../src/core/credentials.js";
import { secretKeys } from "../../src/core/secrets.js";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { renderServers } from "../../src/core/templates.js";
import type { ServerSet, StdioServer } from "../../src/core/types.js";
import { packFiles } from "../../src/package/pack.js";
import { readPackageContents, readPackageDir } from "../../src/package/read-dir.js";
import { unpackTarball } from "../../src/package/unpack.js";
import { WEATHER_BUNDLE, bundleWeatherServer, repoRoot } from "../../scripts/build-samples.js";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { connectWeather, renderWeatherServer } from "./weather-launch.js";

const SAMPLE = path.join(ROOT, "plugins-sample/weather");
const onDisk = (): Promise<string> => fs.readFile(path.join(ROOT, WEATHER_BUNDLE), "utf8");

/** Every folder from `dir` up to the file-system root that has a node_modules beside it. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, "node_modules"))) found.push(d);
    if (path.dirname(d) === d) return found;
  }
}

describe("the weather server bundle", () => {
  it("is what the build script produces now (run `npm run build:samples` after editing the source)", async () => {
    expect(await onDisk()).toBe(await bundleWeatherServer(ROOT));
  });

  it("is deterministic: two builds give the same bytes", async () => {
    const [a, b] = await Promise.all([bundleWeatherServer(ROOT), bundleWeatherServer(ROOT)]);
    expect(a).toBe(b);
    expect(a).not.toContain(ROOT); // no machine-specific absolute paths
  });

  it("imports nothing but Node built-ins, and carries the licenses of what it bundles", async () => {
    const code = await onDisk();
    // esbuild emits real imports as top-level statements; `require("…")` text inside ajv's code
    // generator and `import … from` in doc comments are strings, not module loads.
    const specifiers = [
      ...code.matchAll(/^import\s[^;]*?["']([^"']+)["'];$/gm),
      ...code.matchAll(/\b(?:import|__require)\(\s*["']([^"']+)["']/g),
    ].map((m) => m[1]!);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !builtins.has(s))).toEqual([]);
    expect(code).toMatch(/^@modelcontextprotocol\/sdk@\d+\.\d+\.\d+ \(MIT\)$/m);
    expect(code).toMatch(/^zod@\d+\.\d+\.\d+ \(MIT\)$/m);
  });

  it("runs from an installed copy with no node_modules anywhere above it", async () => {
    const home = await tempDir("connectory-weather-");
    const installed = path.join(home, "plugins/cache/samples/weather/1.0.0");
    await fs.cp(SAMPLE, installed, { recursive: true });
    expect(nodeModulesAbove(installed)).toEqual([]);

    const session = await connectWeather(installed, { cwd: home });
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["get_weather", "list_cities"]);
      const result: any = await session.client.callTool({
        name: "get_weather",
        arguments: { city: "Sydney" },
      });
      expect(result.structuredContent).toMatchObject({ city: "Sydney", conditions: "Mostly sunny" });
    } finally {
      await session.close();
    }
  });

  it("runs after the install path: read folder, pack, unpack to the cache, render with the real renderer", async () => {
    const contents = await readPackageContents(SAMPLE);
    const tarball = await packFiles(contents.files, { executables: contents.executables });
    const home = await tempDir("connectory-weather-");
    const installed = path.join(home, "plugins/cache/samples/weather/1.0.0");
    await unpackTarball(tarball, installed);

    const report = validatePackage(await readPackageDir(installed), { strict: true });
    expect(report.problems).toEqual([]);
    const schema = report.package!.tokenSchema!;
    const credentials = validateCredentials(schema, { WEATHER_UNITS: "imperial" });
    const rendered = renderServers(
      report.package!.servers,
      credentials.values,
      installed,
      secretKeys(schema),
    );
    expect(rendered.status).toBe("ok");
    const server = (rendered as { servers: ServerSet }).servers.weather as StdioServer;
    expect(server).toMatchObject({
      command: "node",
      args: [path.join(installed, "server/index.js")],
      env: { WEATHER_UNITS: "imperial" },
    });

    const transport = new StdioClientTransport({
      command: server.command,
      args: server.args ?? [],
      env: server.env ?? {},
      cwd: home,
    });
    const client = new Client({ name: "connectory-sample-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const result: any = await client.callTool({ name: "get_weather", arguments: { city: "Berlin" } });
      expect(result.structuredContent).toMatchObject({
        city: "Berlin",
        temperature: 61.7,
        units: "imperial",
      });
    } finally {
      await client.close();
    }
  });

  it("reads its data beside itself: an installed copy without cities.json fails clearly", async () => {
    const home = await tempDir("connectory-weather-");
    const installed = path.join(home, "weather");
    await fs.cp(SAMPLE, installed, { recursive: true });
    await fs.rm(path.join(installed, "server/cities.json"));
    const server = await renderWeatherServer(installed);
    const run = spawnSync(server.command, server.args, {
      cwd: home,
      env: { PATH: process.env.PATH, ...server.env },
      input: "",
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `weather: ENOENT: no such file or directory, open '${installed}/server/cities.json'`,
    );
  });

  it("finds the repository root from scripts/ and from dist/scripts/", () => {
    expect(repoRoot(path.join(ROOT, "scripts"))).toBe(ROOT);
    expect(repoRoot(path.join(ROOT, "dist/scripts"))).toBe(ROOT);
  });
});
