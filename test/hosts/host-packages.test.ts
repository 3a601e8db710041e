import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { packDir, SAMPLES_DIR, startTestServer } from "../helpers/registry.js";
import {
  connectoryOnPath,
  hostHome,
  realHostsMissing,
  runHost,
  trustGeminiFolders,
} from "../helpers/real-hosts.js";

// A version's host package, fetched with npm from the registry, is what the real Gemini CLI installs as an
// extension, what the real Codex adds as a marketplace + plugin, what `claude plugin validate` accepts, and
// what `connectory convert` reads back as the connector (issue 25).

const missing = realHostsMissing();

describe.skipIf(missing !== undefined)("the host package in Gemini CLI, Codex and Claude Code", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let home: string;
  let remove: (() => Promise<void>) | undefined;
  let folder: string;

  beforeAll(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/v1/connectors/weather`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${await server.token("connectory-samples")}`,
        "content-type": "application/gzip",
      },
      body: await packDir("weather"),
    });
    expect(res.status).toBe(201);
    ({ home, remove } = await hostHome(`${server.url}/npm/`));
    const pack = await runHost("npm", ["pack", "weather@1.0.0"], { home });
    expect(pack.code, pack.stderr).toBe(0);
    folder = path.join(home, "weather");
    await fs.mkdir(folder);
    const untar = await runHost(
      "npm",
      ["exec", "--", "tar", "xzf", "../weather-1.0.0.tgz", "--strip-components=1"],
      {
        home,
        cwd: folder,
      },
    );
    expect(untar.code, untar.stderr).toBe(0);
    await trustGeminiFolders(home, [home, folder]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await remove?.();
  });

  it("claude plugin validate accepts the plugin", async () => {
    const run = await runHost("claude", ["plugin", "validate", folder], { home });
    expect(run.code, run.stdout + run.stderr).toBe(0);
  }, 120_000);

  it("gemini extensions install: listed with its skill and setting, its server connected", async () => {
    const installed = await runHost(
      "gemini",
      ["extensions", "install", folder, "--consent", "--skip-settings"],
      { home },
    );
    expect(installed.code, installed.stdout + installed.stderr).toBe(0);
    const list = await runHost("gemini", ["extensions", "list"], { home });
    const out = list.stdout + list.stderr;
    expect(out).toMatch(/✓ weather \(1\.0\.0\)/);
    expect(out).toMatch(/Agent skills:\s+weather-briefing:/);
    expect(out).toMatch(/Settings:\s+Units:/);
    const mcp = await runHost("gemini", ["mcp", "list"], { home });
    expect(mcp.stdout + mcp.stderr).toMatch(
      // weather declares permissions: the sandbox wrapper, unconfined here (no connectory on this PATH).
      /✓ weather \(from weather\): sh -c .* connectory-sandbox \S+\/extensions\/weather weather node \S+\/extensions\/weather\/server\/index\.js \(stdio\) - Connected/s,
    );
    // With connectory on PATH the same entry runs `connectory run --package <extension folder> weather`.
    const withConnectory = await connectoryOnPath(home);
    const sandboxed = await runHost("gemini", ["mcp", "list"], { home, env: withConnectory.env });
    expect(sandboxed.stdout + sandboxed.stderr).toMatch(/✓ weather \(from weather\): sh -c .* - Connected/s);
    expect(await withConnectory.calls()).toMatch(/^run --package \S+\/extensions\/weather weather$/m);
  }, 180_000);

  it("codex plugin marketplace add + plugin add: the plugin enabled with the Codex server entry", async () => {
    const added = await runHost("codex", ["plugin", "marketplace", "add", folder], { home });
    expect(added.code, added.stdout + added.stderr).toBe(0);
    const plugin = await runHost("codex", ["plugin", "add", "weather@connectory-weather"], { home });
    expect(plugin.code, plugin.stdout + plugin.stderr).toBe(0);
    const plugins = await runHost("codex", ["plugin", "list"], { home });
    expect(plugins.stdout).toMatch(/weather@connectory-weather\s+installed, enabled\s+1\.0\.0/);
    const mcp = await runHost("codex", ["mcp", "list", "--json"], { home });
    const servers = JSON.parse(mcp.stdout) as Array<{
      name: string;
      enabled: boolean;
      transport: { command: string; args: string[] };
    }>;
    expect(servers).toEqual([
      expect.objectContaining({
        name: "weather",
        enabled: true,
        // weather declares permissions: launched through the sandbox wrapper with Codex's ${PLUGIN_ROOT}.
        transport: expect.objectContaining({
          command: "sh",
          args: expect.arrayContaining([
            "${PLUGIN_ROOT}",
            "weather",
            "node",
            "${PLUGIN_ROOT}/server/index.js",
          ]),
        }),
      }),
    ]);
  }, 180_000);

  it("connectory convert reads the fetched package back as the published connector", async () => {
    const out = path.join(home, "converted");
    const run = await cli(["convert", folder, "--output", out, "--json"], {
      home: path.join(home, ".connectory"),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ name: "weather", version: "1.0.0" });
    for (const file of [
      "plugin.json",
      "mcp.json",
      "token-schema.json",
      "skills/weather-briefing/SKILL.md",
      "server/index.js",
    ])
      expect(await fs.readFile(path.join(out, file))).toEqual(
        await fs.readFile(path.join(SAMPLES_DIR, "weather", file)),
      );
    await expect(fs.stat(path.join(out, ".claude-plugin"))).rejects.toThrow();
    await expect(fs.stat(path.join(out, "gemini-extension.json"))).rejects.toThrow();
  }, 120_000);
});
