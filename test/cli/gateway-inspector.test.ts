import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, ROOT, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { SECRET, fixtureConnector, writeTools } from "./inspect-fixtures.js";

// A client nobody here wrote: the official MCP Inspector's CLI (@modelcontextprotocol/inspector,
// pinned in devDependencies) drives the built `connectory gateway` (`npm run build` first), over
// stdio (one gateway per Inspector run) and over --http (one gateway across runs, so a killed server
// can be seen restarted). Behind it: the bundled weather sample and the tools-server fixture.

const PACKAGE = path.join(ROOT, "node_modules/@modelcontextprotocol/inspector");
const INSPECTOR = path.join(
  PACKAGE,
  (JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as { bin: Record<string, string> })
    .bin["mcp-inspector"] as string,
);

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGTERM");
});

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  const log = path.join(dir, "starts.log");
  await writeTools(tools);
  await buildHome(home, [
    { sample: "weather" },
    fixtureConnector("notes", "tools-server.mjs", [tools, "--log", log]),
  ]);
  return { dir, home };
}

interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** One Inspector CLI run (its catalog and client config under `dir`, never the real ~). */
function inspector(dir: string, args: string[]): Promise<InspectorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [INSPECTOR, "--cli", ...args, "--format", "json", "-q"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        MCP_CATALOG_PATH: path.join(dir, "inspector-catalog.json"),
        MCP_CLIENT_CONFIG_PATH: path.join(dir, "inspector-client.json"),
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      // --format json: { "result": … } on stdout, or { "error": { code, message } } on stderr.
      let json: any;
      try {
        json = JSON.parse(stdout || stderr);
      } catch {
        json = undefined;
      }
      json = json?.result ?? json;
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}

/** The Inspector's target: the built CLI as `connectory gateway …`, with this home. */
const stdioGateway = (home: string, ...extra: string[]) => [
  "-e",
  `CONNECTORY_HOME=${home}`,
  "-e",
  "NO_COLOR=1",
  process.execPath,
  BIN,
  "gateway",
  ...extra,
];

const text = (r: InspectorRun) => (r.json.content as Array<{ text: string }>).map((c) => c.text).join("\n");

// Each test spawns several Inspector runs, each a gateway and its servers: slow on a busy machine.
describe("the MCP Inspector CLI drives connectory gateway", { timeout: 120_000 }, () => {
  it("lists both servers' tools and routes each call to its server", async () => {
    const s = await setup();
    const list = await inspector(s.dir, [...stdioGateway(s.home), "--method", "tools/list"]);
    expect(list.code, list.stderr).toBe(0);
    expect((list.json.tools as Array<{ name: string }>).map((t) => t.name).sort()).toEqual([
      "notes__list",
      "notes__search",
      "weather__get_weather",
      "weather__list_cities",
    ]);
    const weather = await inspector(s.dir, [
      ...stdioGateway(s.home),
      "--method",
      "tools/call",
      "--tool-name",
      "weather__get_weather",
      "--tool-arg",
      "city=Tokyo",
    ]);
    expect(weather.code, weather.stderr).toBe(0);
    expect(text(weather)).toContain("Tokyo");
    const notes = await inspector(s.dir, [
      ...stdioGateway(s.home),
      "--method",
      "tools/call",
      "--tool-name",
      "notes__search",
      "--tool-args-json",
      '{"query":"x"}',
    ]);
    expect(notes.code, notes.stderr).toBe(0);
    expect(text(notes)).toBe('search {"query":"x"}');
  });

  it("does not see a denied tool, and its call is refused naming the rule", async () => {
    const s = await setup();
    expect((await cli(["tools", "deny", "notes", "sea*"], { home: s.home })).code).toBe(0);
    const list = await inspector(s.dir, [...stdioGateway(s.home), "--method", "tools/list"]);
    expect(list.code, list.stderr).toBe(0);
    const names = (list.json.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain("notes__list");
    expect(names).not.toContain("notes__search");
    const call = await inspector(s.dir, [
      ...stdioGateway(s.home),
      "--method",
      "tools/call",
      "--tool-name",
      "notes__search",
      "--tool-args-json",
      '{"query":"x"}',
    ]);
    expect(call.code).not.toBe(0);
    expect(call.stdout).not.toContain("search {");
    // Through --lazy the Inspector cannot pre-check the name: the gateway's own refusal comes back.
    const lazy = await inspector(s.dir, [
      ...stdioGateway(s.home, "--lazy"),
      "--method",
      "tools/call",
      "--tool-name",
      "call_tool",
      "--tool-args-json",
      '{"name":"notes__search","arguments":{"query":"x"}}',
    ]);
    expect(lazy.code).not.toBe(0);
    expect(lazy.json.error.message).toContain('hidden by the rule deny "sea*" of notes');
    const logs = JSON.parse((await cli(["logs", "--server", "notes", "--json"], { home: s.home })).stdout);
    expect(logs.entries.map((e: any) => [e.client?.name, e.tool, e.outcome])).toContainEqual([
      expect.any(String),
      "search",
      "refused",
    ]);
  });

  it("over --http with the token: a killed server is restarted on the next call", async () => {
    const s = await setup();
    const gw = spawn(process.execPath, [BIN, "gateway", "--http", "127.0.0.1:0"], {
      env: { ...process.env, CONNECTORY_HOME: s.home, NO_COLOR: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(gw);
    let stderr = "";
    gw.stderr?.on("data", (d) => (stderr += d));
    await expect.poll(() => /listening on (\S+)/.exec(stderr)?.[1], { timeout: 10_000 }).toBeDefined();
    const url = /listening on (\S+)/.exec(stderr)?.[1] as string;
    const token = (await cli(["gateway", "token"], { home: s.home })).stdout.trim();
    expect(stderr).not.toContain(token);
    const target = ["--server-url", url, "--transport", "http"];
    const auth = ["--header", `Authorization: Bearer ${token}`];
    const callList = () =>
      inspector(s.dir, [...target, ...auth, "--method", "tools/call", "--tool-name", "notes__list"]);

    const refused = await inspector(s.dir, [...target, "--method", "tools/list"]);
    expect(refused.code).not.toBe(0);
    expect(refused.json.error.code).toBe("auth_required");

    const first = await callList();
    expect(first.code, first.stderr).toBe(0);
    expect(text(first)).toBe("list {}");
    const status = async () =>
      JSON.parse((await cli(["gateway", "status", "--json"], { home: s.home })).stdout).gateways[0];
    const before = await status();
    expect(before.url).toBe(url);
    const pid = before.servers.notes.pid as number;
    expect(pid).toBeGreaterThan(0);

    process.kill(pid, "SIGKILL");
    await expect.poll(async () => (await status()).servers.notes.state, { timeout: 5000 }).toBe("crashed");
    const again = await callList();
    expect(again.code, again.stderr).toBe(0);
    expect(text(again)).toBe("list {}");
    const after = (await status()).servers.notes;
    expect(after).toMatchObject({ state: "running", restarts: 1 });
    expect(after.pid).not.toBe(pid);
    expect(stderr).toContain("notes: the server exited; it starts again on next use");
    expect(stderr).not.toContain(SECRET);

    gw.kill("SIGTERM");
    await new Promise((resolve) => gw.once("close", resolve));
    await expect(fs.readdir(path.join(s.home, "gateway"))).resolves.toEqual([]);
    // Each call is logged with the Inspector as its client (its session's initialize).
    const logs = JSON.parse((await cli(["logs", "--server", "notes", "--json"], { home: s.home })).stdout);
    expect(logs.entries).toHaveLength(2);
    for (const e of logs.entries) expect(e).toMatchObject({ via: "gateway", tool: "list", outcome: "ok" });
    expect(logs.entries[0].client.name).toMatch(/inspector/i);
    expect(JSON.stringify(logs)).not.toContain(token);
  });
});
