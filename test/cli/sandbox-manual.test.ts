import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadEffectiveConfig } from "../../cli/home/effective-config.js";
import { homePaths } from "../../cli/home/home.js";
import { connectServer, type McpSession } from "../../cli/mcp/mcp-client.js";
import { selectServers, targetOf } from "../../cli/mcp/mcp-targets.js";
import { cli, ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Hand-written servers: `mcp add --allow-read/--allow-write/--allow-net/--no-network` writes a
// permissions block into mcp.json and the server runs sandboxed to it; `sandbox all on` sandboxes the
// ones without a block (no network, none of the home); trust covers the block.

const HOSTILE = path.join(ROOT, "test/fixtures/servers/hostile/server.mjs");
const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let home: string;
let userHome: string;
const run = (...argv: string[]) => cli(argv, { home, env: { HOME: userHome } });
const mcpJson = () => JSON.parse(fs.readFileSync(homePaths(home).mcpJson, "utf8"));

beforeEach(async () => {
  const root = await tempDir("connectory-manual-");
  home = path.join(root, "connectory");
  userHome = path.join(root, "home");
  fs.mkdirSync(path.join(userHome, ".ssh"), { recursive: true });
  fs.mkdirSync(path.join(userHome, "granted"));
  fs.writeFileSync(path.join(userHome, ".ssh/id_rsa"), "-----BEGIN PRIVATE KEY----- not-really\n");
});

async function session(name = "hostile"): Promise<McpSession> {
  const config = await loadEffectiveConfig(home);
  const [server] = selectServers(config, name);
  return connectServer(targetOf(server!, config), {
    env: { HOME: userHome, PATH: process.env.PATH },
    cwd: userHome,
    fetch,
    timeoutMs: 15_000,
    version: "0.0.0-test",
    home,
  });
}

async function call(s: McpSession, name: string, args: Record<string, unknown>) {
  const result = (await s.request((c) => c.callTool({ name, arguments: args }))) as {
    content: Array<{ text: string }>;
    isError?: boolean;
  };
  return { ok: result.isError !== true, text: result.content[0]?.text ?? "" };
}

/** Reads the key and writes inside and outside the granted folder. */
async function tryEscape(): Promise<{ key: boolean; inside: boolean; outside: boolean }> {
  const s = await session();
  try {
    const key = await call(s, "read_file", { path: path.join(userHome, ".ssh/id_rsa") });
    const inside = await call(s, "write_file", { path: path.join(userHome, "granted/a"), content: "1" });
    const outside = await call(s, "write_file", { path: path.join(userHome, "b"), content: "2" });
    return { key: key.text.includes("PRIVATE KEY"), inside: inside.ok, outside: outside.ok };
  } finally {
    await s.close();
  }
}

describe("mcp add with permission flags", () => {
  it("writes the block into mcp.json, shows it, and covers it by trust", async () => {
    const granted = path.join(userHome, "granted");
    const r = await run(
      "mcp", "add", "hostile", "--allow-write", granted, "--allow-read", "/etc/hostname",
      "--allow-net", "api.example.com", "--allow-net", "*.example.org", "--trust", "--json", "--", "node", HOSTILE,
    ); // prettier-ignore
    expect(r.code, r.stderr).toBe(0);
    const block = {
      network: ["api.example.com", "*.example.org"],
      filesystem: [
        { path: "/etc/hostname", access: "read" },
        { path: granted, access: "read-write" },
      ],
    };
    expect(JSON.parse(r.stdout).permissions).toEqual(block);
    expect(mcpJson().mcpServers.hostile).toEqual({ command: "node", args: [HOSTILE], permissions: block });
    const explain = JSON.parse((await run("config", "--explain", "--json")).stdout);
    expect(explain.servers[0]).toMatchObject({ name: "hostile", status: "active" });
    const listed = JSON.parse((await run("mcp", "list", "--json")).stdout).servers[0];
    expect(listed).toMatchObject({ trusted: true, changed: false });
    expect(listed.permissions).toEqual([
      "network: only api.example.com, *.example.org",
      "files: read /etc/hostname",
      `files: read and write ${granted}`,
    ]);
    expect((await run("mcp", "list")).stdout).toMatch(
      /hostile +trusted +net only api\.example\.com, \*\.example\.org, 2 paths/,
    );

    // Widening the block by hand makes it untrusted again: trust covers what it may reach.
    const file = mcpJson();
    file.mcpServers.hostile.permissions.network = "any";
    fs.writeFileSync(homePaths(home).mcpJson, JSON.stringify(file));
    const after = JSON.parse((await run("config", "--explain", "--json")).stdout);
    expect(after.servers[0]).toMatchObject({ status: "untrusted" });
    expect(after.servers[0].reason).toContain("permissions changed");
  });

  it("--no-network alone sandboxes with nothing; a relative path is made absolute", async () => {
    const r = await cli(
      ["mcp", "add", "s", "--no-network", "--allow-read", "docs", "--json", "--", "node", "x.js"],
      { home, cwd: userHome, env: { HOME: userHome } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).permissions).toEqual({
      network: "none",
      filesystem: [{ path: path.join(userHome, "docs"), access: "read" }],
    });
    expect(r.stderr).toContain("does not exist: create it, or the server will not start");
  });

  it.each([
    [["--no-network", "--allow-net", "a.example.com"], "not both"],
    [["--allow-net", "any", "--allow-net", "a.example.com"], "already allows every host"],
    [["--allow-net", "bad host!"], "is not a host name"],
    [["--allow-read", "${HOME}/../etc"], 'contains a "." or ".." segment'],
    [Array.from({ length: 51 }, (_, i) => ["--allow-net", `h${i}.example.com`]).flat(), "1 to 50"],
  ])("refuses flags %# as a usage error, writing nothing", async (flags, words) => {
    const r = await run("mcp", "add", "s", ...flags, "--", "node", "x.js");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(words);
    expect(fs.existsSync(homePaths(home).mcpJson)).toBe(false);
  });

  it("refuses the flags on a --url server", async () => {
    const r = await run("mcp", "add", "s", "--url", "https://example.com/mcp", "--no-network");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("sandbox a command server");
  });

  it("refuses a malformed block written by hand (mcp-json.invalid), naming the server", async () => {
    for (const permissions of [
      { network: "some" },
      { filesystem: [{ path: "rel", access: "read" }] },
      { x: 1 },
      5,
    ]) {
      fs.mkdirSync(home, { recursive: true });
      fs.writeFileSync(
        homePaths(home).mcpJson,
        JSON.stringify({ mcpServers: { s: { command: "node", permissions } } }),
      );
      const r = await run("config", "--json");
      expect(r.code).not.toBe(0);
      expect(JSON.parse(r.stdout).error.code).toBe("mcp-json.invalid");
      expect(JSON.parse(r.stdout).error.message).toContain('server "s"');
    }
  });
});

describe.skipIf(!bwrapWorks)("hand-written servers in the sandbox", () => {
  it("a server with a block reads no key and writes only its granted folder", async () => {
    await run(
      "mcp",
      "add",
      "hostile",
      "--allow-write",
      path.join(userHome, "granted"),
      "--",
      "node",
      HOSTILE,
    );
    const trusted = await run("trust", "hostile");
    expect(trusted.stdout).toContain(
      `sandboxed: network: none; files: read and write ${path.join(userHome, "granted")}`,
    );
    const explained = await run("run", "hostile", "--explain-sandbox");
    expect(explained.stdout).toContain(`read-write ${path.join(userHome, "granted")}`);
    expect(explained.stdout).toContain(`read       ${path.dirname(HOSTILE)}`);
    expect(await tryEscape()).toEqual({ key: false, inside: true, outside: false });
  });

  it("without a block it runs unrestricted, until `sandbox all on`; `sandbox off <server>` exempts it", async () => {
    await run("mcp", "add", "hostile", "--trust", "--", "node", HOSTILE);
    expect(await tryEscape()).toEqual({ key: true, inside: true, outside: true });
    fs.rmSync(path.join(userHome, "b"));

    expect(JSON.parse((await run("mcp", "list", "--json")).stdout).servers[0].permissions).toEqual([
      "unrestricted: runs with your files and network, like any program you start",
    ]);
    const on = await run("sandbox", "all", "on", "--json");
    expect(JSON.parse(on.stdout)).toEqual({ sandboxAll: true, changed: true, servers: ["hostile"] });
    expect(JSON.parse((await run("mcp", "list", "--json")).stdout).servers[0].permissions).toEqual([
      "network: none",
      "files: none of yours (system files read-only, a private /tmp)",
    ]);
    expect((await run("run", "hostile", "--explain-sandbox")).stdout).toContain("network    none");
    expect(await tryEscape()).toEqual({ key: false, inside: false, outside: false });

    expect((await run("sandbox", "off", "hostile")).code).toBe(0);
    expect((await tryEscape()).key).toBe(true);
    expect((await run("sandbox", "on", "hostile")).code).toBe(0);
    expect((await tryEscape()).key).toBe(false);

    const off = await run("sandbox", "all", "off", "--json");
    expect(JSON.parse(off.stdout)).toMatchObject({ sandboxAll: false, changed: true });
    expect((await tryEscape()).key).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(home, "sandbox.json"), "utf8"))).toEqual({ off: {} });
  });

  it("refuses anything but on or off", async () => {
    const r = await run("sandbox", "all", "maybe");
    expect(r.code).toBe(2);
    expect(fs.existsSync(path.join(home, "sandbox.json"))).toBe(false);
  });
});
