import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamableServer } from "../fixtures/servers/http-servers.js";
import { packDir, packPackage, startTestServer } from "../helpers/registry.js";
import {
  connectoryOnPath,
  filesHolding,
  hostHome,
  realHostsMissing,
  runHost,
} from "../helpers/real-hosts.js";

// The native plugin path with the real Claude Code (issue 25): the registry is a Claude Code marketplace
// whose plugins are npm packages it serves itself; `claude` adds it, installs a stdio and a remote
// connector, connects to both, lists the skills, updates, and uninstalls, all offline in a temp HOME.

const missing = realHostsMissing();
const SECRET = "sk-live-0123456789abcdef";

describe.skipIf(missing !== undefined)(
  "Claude Code installs connectors from the registry's marketplace",
  () => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let home: string;
    let removeHome: (() => Promise<void>) | undefined;
    const publish = async (bytes: Uint8Array, name: string, publisher = "acme") => {
      const res = await fetch(`${server.url}/v1/connectors/${name}`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${await server.token(publisher)}`,
          "content-type": "application/gzip",
        },
        body: bytes,
      });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    const echoPackage = (url: string, version: string) =>
      packPackage(
        { name: "echo-remote", version, publisher: "acme", description: "A remote echo server" },
        {
          "mcp.json": JSON.stringify({
            mcpServers: {
              echo: { type: "streamable-http", url, headers: { Authorization: "Bearer ${ECHO_TOKEN}" } },
            },
          }),
          "token-schema.json": JSON.stringify({
            type: "object",
            properties: { ECHO_TOKEN: { type: "string", title: "Echo token", secret: true } },
            required: ["ECHO_TOKEN"],
          }),
        },
      );

    beforeAll(async () => {
      server = await startTestServer();
      await publish(await packDir("weather"), "weather", "connectory-samples");
      const made = await hostHome(`${server.url}/npm/`);
      home = made.home;
      removeHome = made.remove;
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await removeHome?.();
    });

    const claude = (...args: string[]) => runHost("claude", args, { home });

    it("npm itself reads the registry's packument and packs a version with its integrity", async () => {
      const view = await runHost("npm", ["view", "weather", "--json"], { home });
      expect(view.code, view.stderr).toBe(0);
      const doc = JSON.parse(view.stdout) as { versions: string[]; "dist-tags": Record<string, string> };
      expect(doc.versions).toEqual(["1.0.0"]);
      expect(doc["dist-tags"]).toEqual({ latest: "1.0.0" });
      const pack = await runHost("npm", ["pack", "weather@1.0.0", "--json"], { home });
      expect(pack.code, pack.stderr).toBe(0);
      const [packed] = JSON.parse(pack.stdout) as Array<{
        integrity: string;
        files: Array<{ path: string }>;
      }>;
      const served = (await (await fetch(`${server.url}/npm/weather`)).json()) as {
        versions: Record<string, { dist: { integrity: string } }>;
      };
      expect(packed!.integrity).toBe(served.versions["1.0.0"]!.dist.integrity);
      expect(packed!.files.map((f) => f.path)).toEqual(
        expect.arrayContaining([
          ".claude-plugin/plugin.json",
          ".mcp.json",
          "skills/weather-briefing/SKILL.md",
        ]),
      );
    });

    it("adds the marketplace, installs both connectors, connects to them and lists the skills", async () => {
      // The remote connector's server needs the secret in its Authorization header (closed after this test).
      const remote = await streamableServer(`Bearer ${SECRET}`);
      await publish(await echoPackage(`${remote}/mcp`, "1.0.0"), "echo-remote");
      const added = await claude(
        "plugin",
        "marketplace",
        "add",
        `${server.url}/.claude-plugin/marketplace.json`,
        "--json",
      );
      expect(added.code, JSON.stringify(added)).toBe(0);
      expect(added.stdout).toContain('"marketplace":"connectory"');

      const weather = await claude("plugin", "install", "weather@connectory", "--json");
      expect(weather.code, weather.stdout + weather.stderr).toBe(0);
      const echo = await claude(
        "plugin",
        "install",
        "echo-remote@connectory",
        "--config",
        `ECHO_TOKEN=${SECRET}`,
        "--json",
      );
      expect(echo.code, echo.stdout + echo.stderr).toBe(0);
      expect(echo.stdout).toContain('"configApplied":true');

      const list = await claude("mcp", "list");
      expect(list.code, list.stderr).toBe(0);
      // weather declares permissions: its server launches through the sandbox wrapper (no connectory on
      // this PATH, so the original command, unconfined).
      expect(list.stdout).toMatch(
        /plugin:weather:weather: sh -c .* connectory-sandbox \S+\/weather\/1\.0\.0 weather node \S+\/weather\/1\.0\.0\/server\/index\.js - ✔ Connected/,
      );
      // With connectory on PATH the same entry runs `connectory run --package <plugin root> weather`.
      const withConnectory = await connectoryOnPath(home);
      const sandboxed = await runHost("claude", ["mcp", "list"], {
        home,
        env: withConnectory.env,
      });
      expect(sandboxed.code, sandboxed.stderr).toBe(0);
      expect(sandboxed.stdout).toMatch(/plugin:weather:weather: sh -c .* - ✔ Connected/);
      expect(await withConnectory.calls()).toMatch(
        /^run --package \S+\/\.claude\/plugins\/cache\/connectory\/weather\/1\.0\.0 weather$/m,
      );
      // The header carries ${user_config.ECHO_TOKEN}: the server only answers with the secret in it.
      expect(list.stdout).toMatch(
        /plugin:echo-remote:echo: http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP\) - ✔ Connected/,
      );

      const details = await claude("plugin", "details", "weather@connectory");
      expect(details.code, details.stderr).toBe(0);
      expect(details.stdout).toMatch(/Skills \(1\)\s+weather-briefing/);
      expect(details.stdout).toMatch(/MCP servers \(1\)\s+weather/);

      // The sensitive option went where Claude Code keeps secrets (its keychain, here the 0600 fallback), not settings.
      const holding = await filesHolding(home, SECRET);
      expect(holding.filter((f) => !f.startsWith(".claude/.credentials.json"))).toEqual([]);
    }, 300_000);

    it("an update published to the registry reaches marketplace update + plugin update", async () => {
      await publish(await echoPackage("http://127.0.0.1:9/mcp", "1.1.0"), "echo-remote");
      const refreshed = await claude("plugin", "marketplace", "update", "connectory");
      expect(refreshed.code, refreshed.stdout + refreshed.stderr).toBe(0);
      const updated = await claude("plugin", "update", "echo-remote@connectory", "--json");
      expect(updated.code, updated.stdout + updated.stderr).toBe(0);
      const installed = JSON.parse((await claude("plugin", "list", "--json")).stdout) as Array<{
        id: string;
        version: string;
      }>;
      expect(installed.find((p) => p.id === "echo-remote@connectory")?.version).toBe("1.1.0");
    }, 300_000);

    it("uninstalling leaves no plugin, no server and no cached files behind", async () => {
      for (const plugin of ["weather@connectory", "echo-remote@connectory"]) {
        const removed = await claude("plugin", "uninstall", plugin, "--json");
        expect(removed.code, removed.stdout + removed.stderr).toBe(0);
      }
      expect(JSON.parse((await claude("plugin", "list", "--json")).stdout)).toEqual([]);
      const list = await claude("mcp", "list");
      expect(list.stdout).not.toContain("plugin:");
      const installed = JSON.parse(
        await fs.readFile(path.join(home, ".claude/plugins/installed_plugins.json"), "utf8"),
      ) as { plugins: Record<string, unknown> };
      expect(installed.plugins).toEqual({});
      // Claude Code does not delete a version folder at once: it marks it `.orphaned_at` and collects it later.
      const cache = path.join(home, ".claude/plugins/cache/connectory");
      for (const plugin of await fs.readdir(cache))
        for (const version of await fs.readdir(path.join(cache, plugin)))
          await expect(fs.stat(path.join(cache, plugin, version, ".orphaned_at"))).resolves.toBeTruthy();
    }, 300_000);
  },
);
