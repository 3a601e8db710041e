import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { spawnCli } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 4's "done when": the whole seed flow through the built binary against a real registry on
// port 0, seeded with the samples as `npm start` does.

const TOKEN = "5eed0123456789abcdef0123456789abcdef0123456789abcdef0123"; // 56 hex: the canary
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

interface Explained {
  name: string;
  status: string;
  reason?: string;
  origin: { kind: string; file: string; connector?: string; marketplace?: string; version?: string };
  server: { type?: string; url?: string; command?: string; args?: string[] };
}

it("install, disable, hand-written + trust, then config --explain --json", async () => {
  const home = await tempDir();
  const env = { CONNECTORY_REGISTRY: server.url };
  const step = async (...argv: string[]) => {
    const r = await spawnCli(argv, { home, env });
    expect(r.code, `${argv.join(" ")}\n${r.stderr}`).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    return r;
  };

  await step("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`);
  await step("install", "weather", "--yes");
  await step("disable", "weather");
  const script = path.join(home, "notes-server.js");
  await step("mcp", "add", "notes", "--", "node", script);
  await step("trust", "notes");

  const explain = JSON.parse((await step("config", "--explain", "--json")).stdout) as {
    servers: Explained[];
  };
  const byName = Object.fromEntries(explain.servers.map((s) => [s.name, s]));

  const tushare = byName.tushare!;
  expect(tushare.status).toBe("active");
  expect(tushare.origin).toMatchObject({
    kind: "connector",
    connector: "tushare",
    marketplace: "default",
    version: "1.0.0",
  });
  expect(tushare.origin.file).toContain(
    path.join("plugins", "cache", "default", "tushare", "1.0.0", "mcp.json"),
  );
  expect(tushare.server.url).toContain("***");
  expect(tushare.server.url).not.toContain("${TUSHARE_TOKEN}");

  expect(byName.notes).toMatchObject({ status: "active", origin: { kind: "manual" } });
  expect(byName.notes!.origin.file).toBe(homePaths(home).mcpJson);
  expect(byName.notes!.server).toMatchObject({ command: "node", args: [script] });

  expect(byName.weather).toMatchObject({
    status: "disabled",
    origin: { kind: "connector", connector: "weather" },
  });
  expect(byName.weather!.reason).toBeTruthy();

  // Asked for, the token is injected into the URL template.
  const shown = await spawnCli(["config", "--explain", "--json", "--show-secrets"], { home, env });
  const revealed = (JSON.parse(shown.stdout) as { servers: Explained[] }).servers.find(
    (s) => s.name === "tushare",
  );
  expect(revealed?.server.url).toBe(`https://api.tushare.pro/mcp/?token=${TOKEN}`);

  // The active set in the standard shape holds tushare and notes, not the disabled weather.
  const active = JSON.parse((await step("config", "--json")).stdout) as {
    mcpServers: Record<string, unknown>;
  };
  expect(Object.keys(active.mcpServers).sort()).toEqual(["notes", "tushare"]);

  // The canary lives only in the credential store.
  const files = await fs.readdir(home, { recursive: true });
  for (const f of files) {
    const full = path.join(home, String(f));
    if ((await fs.stat(full)).isDirectory() || full === homePaths(home).credentials) continue;
    expect(await fs.readFile(full, "utf8"), full).not.toContain(TOKEN);
  }
  expect((await fs.stat(homePaths(home).credentials)).mode & 0o777).toBe(0o600);
});
