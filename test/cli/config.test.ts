import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome, simpleConnector } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

const TOKEN = "5eed".repeat(14); // 56 hex characters

async function seededHome() {
  const home = await tempDir();
  await buildHome(home, [
    { sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } },
    { sample: "weather", enabled: false },
    { sample: "github" },
  ]);
  await fs.writeFile(
    path.join(home, "mcp.json"),
    '// mine\n{ "mcpServers": { "notes": { "command": "node", "args": ["/opt/notes.js"] } } }\n',
  );
  expect((await cli(["trust", "notes"], { home })).code).toBe(0);
  return home;
}

async function json(home: string, argv: string[]) {
  const r = await cli([...argv, "--json"], { home });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe("config --json", () => {
  it("is the active set in the standard mcpServers shape, secrets redacted", async () => {
    const home = await seededHome();
    const doc = await json(home, ["config"]);
    expect(doc).toEqual({
      mcpServers: {
        notes: { command: "node", args: ["/opt/notes.js"] },
        tushare: { type: "streamable-http", url: "***" },
      },
    });
  });

  it("--show-secrets shows the token injected into the URL template", async () => {
    const doc = await json(await seededHome(), ["config", "--show-secrets"]);
    expect(doc.mcpServers.tushare.url).toBe(`https://api.tushare.pro/mcp/?token=${TOKEN}`);
  });
});

describe("config --explain --json", () => {
  it("lists every server of every source with status, reason and origin, exactly the documented keys", async () => {
    const home = await seededHome();
    const { servers } = await json(home, ["config", "--explain"]);
    expect(Object.keys(await json(home, ["config", "--explain"]))).toEqual(["servers", "skills"]);
    expect(servers.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ["notes", "active"],
      ["github", "needs-credentials"],
      ["tushare", "active"],
      ["weather", "disabled"],
    ]);
    for (const s of servers) {
      for (const key of Object.keys(s))
        expect(["name", "status", "reason", "origin", "server", "guards", "limits"]).toContain(key);
      expect(s.guards).toEqual({ secrets: "mask", unicode: "mask", injection: "warn" }); // connectory guard's defaults
      expect(s.status === "active" ? s.reason : typeof s.reason).toBe(
        s.status === "active" ? undefined : "string",
      );
    }
    expect(servers[0].origin).toEqual({ kind: "manual", file: path.join(home, "mcp.json") });
    expect(servers[2].origin).toEqual({
      kind: "connector",
      file: path.join(home, "plugins/cache/default/tushare/1.0.0/mcp.json"),
      connector: "tushare",
      marketplace: "default",
      version: "1.0.0",
    });
    expect(servers[2].server.url).toBe("***");
    expect(servers[3].reason).toContain("connectory enable weather");
    expect(servers[1].server.headers.Authorization).toBe("Bearer ${GITHUB_PAT}");
  });

  it("the human table names origins and reasons and never the token", async () => {
    const home = await seededHome();
    const r = await cli(["config", "--explain"], { home });
    expect(r.stdout).toMatch(/weather\s+disabled\s+weather@default 1\.0\.0/);
    expect(r.stdout).toContain("missing credentials GITHUB_PAT");
    expect(r.stdout).toContain("(hand-written)");
    expect(r.stdout).not.toContain(TOKEN);
    const plain = await cli(["config"], { home });
    expect(plain.stdout).toMatch(/notes\s+mcp\.json \(hand-written\)/);
    expect(plain.stdout).toContain("2 inactive servers");
  });
});

describe("config: clashes and damaged installs", () => {
  it("two connectors with the same server name both appear; the later one is renamed", async () => {
    const home = await tempDir();
    await buildHome(home, [simpleConnector("alpha", ["search"]), simpleConnector("beta", ["search"])]);
    // buildHome gives both the same installedAt: the tie goes by <name>@<marketplace>.
    const doc = await json(home, ["config"]);
    expect(Object.keys(doc.mcpServers)).toEqual(["search", "beta-search"]);
    const help = (await cli(["config", "--help"], { home })).stdout;
    expect(help).toContain("<connector>-<server>");
    expect(help).toContain("the one installed first keeps it");
  });

  it("a connector whose cache was deleted is a warning, not a failure; others still work", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "tdx" }, simpleConnector("gone", ["g"])]);
    await fs.rm(path.join(home, "plugins/cache/default/gone"), { recursive: true });
    const r = await cli(["config", "--json"], { home });
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).mcpServers)).toEqual(["tdx"]);
    expect(r.stderr).toContain("gone@default is installed but cannot be read");
  });

  it("a corrupt installed.json is an error that names the file, and nothing is rewritten", async () => {
    const home = await tempDir();
    await fs.mkdir(path.join(home, "plugins"), { recursive: true });
    await fs.writeFile(path.join(home, "plugins/installed.json"), "{ nope");
    const r = await cli(["config"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("installed.json is not valid JSON");
    expect(await listFiles(home)).toEqual(["plugins/installed.json"]);
  });

  it("an empty home is fine and says how to begin", async () => {
    const home = await tempDir();
    expect(await json(home, ["config"])).toEqual({ mcpServers: {} });
    expect((await cli(["config"], { home })).stdout).toContain("connectory install");
    expect(await listFiles(home)).toEqual([]);
  });
});
