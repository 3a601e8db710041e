import { readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { streamableServer } from "../fixtures/servers/http-servers.js";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import {
  filesHolding,
  realHostsMissing,
  runHost,
  trustGeminiFolders,
  type RealHost,
} from "../helpers/real-hosts.js";

// Every export mode of `config export` for the three hosts whose real binaries run here (issue 25), read
// back by the host itself: `claude mcp list/get`, `codex mcp list`, `gemini mcp list` show the command or
// URL Connectory wrote and connect to the stdio server through `connectory run`; launcher, gateway and
// extension exports leave no secret in any file the host reads.

const missing = realHostsMissing();
const SECRET = "tok-0123456789abcdef0123";

let remoteUrl: string;
const cleanups: string[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** A fresh world: a Connectory home with the weather sample and a remote connector, a host HOME, a project. */
async function world() {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-export-")));
  cleanups.push(dir);
  const connectory = path.join(dir, "connectory-home");
  const home = path.join(dir, "home");
  const project = path.join(dir, "project");
  const bin = path.join(dir, "bin");
  await Promise.all([home, project, bin].map((d) => fs.mkdir(d, { recursive: true })));
  // `connectory` on PATH, as `npm i -g connectory` puts it: project files launch it by name.
  await fs.writeFile(
    path.join(bin, "connectory"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    { mode: 0o755 },
  );
  await buildHome(connectory, [
    { sample: "weather" },
    {
      name: "remote",
      files: {
        "plugin.json": { name: "remote", version: "1.0.0", description: "remote", publisher: "test" },
        "mcp.json": {
          mcpServers: {
            remote: {
              type: "streamable-http",
              url: remoteUrl,
              headers: { Authorization: "Bearer ${REMOTE_TOKEN}" },
            },
          },
        },
        "token-schema.json": {
          type: "object",
          properties: { REMOTE_TOKEN: { type: "string", secret: true } },
          required: ["REMOTE_TOKEN"],
        },
      },
      credentials: { REMOTE_TOKEN: SECRET },
    },
  ]);
  await trustGeminiFolders(home, [project, home, connectory]);
  const env = { PATH: `${bin}:${process.env.PATH ?? ""}` };
  const exportTo = async (host: string, ...args: string[]) => {
    const run = await cli(["config", "export", "--host", host, "--write", "--no-skills", ...args], {
      home: connectory,
      cwd: project,
      env: { HOME: home, ...env, CONNECTORY_CREDENTIAL_STORE: "file" },
    });
    expect(run.code, run.stderr).toBe(0);
    return run;
  };
  const host = (name: RealHost, ...args: string[]) =>
    runHost(name, args, { home, cwd: project, env: { ...env, CONNECTORY_HOME: connectory } });
  return { dir, connectory, home, project, exportTo, host };
}

/** Where a secret landed among the files a host reads (its HOME and the project). */
async function secretFiles(w: Awaited<ReturnType<typeof world>>): Promise<string[]> {
  return [...(await filesHolding(w.home, SECRET)), ...(await filesHolding(w.project, SECRET))];
}

describe.skipIf(missing !== undefined)("config export, read back by the real hosts", () => {
  // The fixture server is closed after each test: each test starts its own.
  const remote = async () => {
    remoteUrl = `${await streamableServer(`Bearer ${SECRET}`)}/mcp`;
  };

  it("claude-code, launcher mode, user scope: both servers connected through `connectory run`", async () => {
    await remote();
    const w = await world();
    await w.exportTo("claude-code");
    const list = await w.host("claude", "mcp", "list");
    expect(list.stdout).toMatch(/weather: \S*node \S*connectory\.js run weather - ✔ Connected/);
    expect(list.stdout).toMatch(/remote: \S*node \S*connectory\.js run remote - ✔ Connected/);
    const get = await w.host("claude", "mcp", "get", "remote");
    expect(get.stdout).toContain("Scope: User config");
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);

  it("claude-code, launcher mode, project scope: .mcp.json launches `connectory` from PATH", async () => {
    await remote();
    const w = await world();
    await w.exportTo("claude-code", "--scope", "project");
    // Claude Code asks before it starts a project's servers: record the approval as its dialog does.
    await fs.writeFile(
      path.join(w.home, ".claude.json"),
      JSON.stringify({
        projects: {
          [w.project]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ["weather", "remote"] },
        },
      }),
    );
    const list = await w.host("claude", "mcp", "list");
    expect(list.stdout).toMatch(/weather: connectory run weather - ✔ Connected/);
    expect(list.stdout).toMatch(/remote: connectory run remote - ✔ Connected/);
    const get = await w.host("claude", "mcp", "get", "weather");
    expect(get.stdout).toContain("Scope: Project config");
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);

  it("claude-code, inline mode: the URL and header as written, the file 0600", async () => {
    await remote();
    const w = await world();
    const run = await w.exportTo("claude-code", "--mode", "inline");
    expect(run.stderr).toContain("inline mode writes the secrets of remote");
    const list = await w.host("claude", "mcp", "list");
    expect(list.stdout).toMatch(/remote: http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP\) - ✔ Connected/);
    // A sandboxed server still goes through `connectory run` (its permissions only hold there).
    expect(list.stdout).toMatch(/weather: \S*node \S*connectory\.js run weather - ✔ Connected/);
    const get = await w.host("claude", "mcp", "get", "remote");
    expect(get.stdout).toMatch(/Authorization: Bearer/);
    // Inline mode writes the secret by design: into the 0600 host file (and Claude Code's own backups of it).
    expect((await secretFiles(w)).filter((f) => !f.startsWith(".claude/backups/"))).toEqual([".claude.json"]);
    expect(statSync(path.join(w.home, ".claude.json")).mode & 0o777).toBe(0o600);
  }, 180_000);

  it("claude-code, gateway: one `connectory` entry, connected", async () => {
    await remote();
    const w = await world();
    await w.exportTo("claude-code", "--gateway");
    const list = await w.host("claude", "mcp", "list");
    expect(list.stdout).toMatch(/connectory: \S*node \S*connectory\.js gateway - ✔ Connected/);
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);

  it("codex, launcher and gateway: `codex mcp list` shows the entries enabled", async () => {
    await remote();
    const w = await world();
    await w.exportTo("codex");
    let list = await w.host("codex", "mcp", "list", "--json");
    expect(list.code, list.stderr).toBe(0);
    let servers = JSON.parse(list.stdout) as Array<{
      name: string;
      enabled: boolean;
      transport: { command?: string; args?: string[] };
    }>;
    expect(servers.map((s) => [s.name, s.enabled, s.transport.args?.slice(-2)])).toEqual([
      ["remote", true, ["run", "remote"]],
      ["weather", true, ["run", "weather"]],
    ]);
    expect(await secretFiles(w)).toEqual([]);
    await w.exportTo("codex", "--gateway");
    list = await w.host("codex", "mcp", "list", "--json");
    servers = JSON.parse(list.stdout) as typeof servers;
    expect(servers.map((s) => [s.name, s.enabled, s.transport.args?.slice(-1)])).toEqual([
      ["connectory", true, ["gateway"]],
    ]);
  }, 180_000);

  it("codex, project scope: .codex/config.toml of a trusted project launches `connectory` from PATH", async () => {
    await remote();
    const w = await world();
    await w.exportTo("codex", "--scope", "project");
    // Codex reads a project's config only once the project is trusted, as its first-run prompt records it.
    await fs.mkdir(path.join(w.home, ".codex"), { recursive: true });
    await fs.writeFile(
      path.join(w.home, ".codex/config.toml"),
      `[projects.${JSON.stringify(w.project)}]\ntrust_level = "trusted"\n`,
    );
    const list = await w.host("codex", "mcp", "list", "--json");
    expect(list.code, list.stderr).toBe(0);
    const servers = JSON.parse(list.stdout) as Array<{
      name: string;
      enabled: boolean;
      transport: { command?: string; args?: string[] };
    }>;
    expect(servers.map((s) => [s.name, s.enabled, s.transport.command, s.transport.args])).toEqual([
      ["remote", true, "connectory", ["run", "remote"]],
      ["weather", true, "connectory", ["run", "weather"]],
    ]);
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);

  it("codex, inline mode: the URL and the bearer header as Codex reads them", async () => {
    await remote();
    const w = await world();
    await w.exportTo("codex", "--mode", "inline");
    const list = await w.host("codex", "mcp", "list", "--json");
    const servers = JSON.parse(list.stdout) as Array<{
      name: string;
      transport: { type: string; url?: string };
    }>;
    expect(servers.find((s) => s.name === "remote")?.transport).toMatchObject({
      type: "streamable_http",
      url: remoteUrl,
    });
    expect(statSync(path.join(w.home, ".codex/config.toml")).mode & 0o777).toBe(0o600);
  }, 180_000);

  it("gemini-cli, launcher (user and project) and gateway: `gemini mcp list` connects", async () => {
    await remote();
    const w = await world();
    await w.exportTo("gemini-cli");
    let list = await w.host("gemini", "mcp", "list");
    expect(list.stdout + list.stderr).toMatch(
      /✓ weather: \S*node \S*connectory\.js run weather \(stdio\) - Connected/,
    );
    expect(list.stdout + list.stderr).toMatch(
      /✓ remote: \S*node \S*connectory\.js run remote \(stdio\) - Connected/,
    );
    await w.exportTo("gemini-cli", "--scope", "project", "--gateway");
    list = await w.host("gemini", "mcp", "list");
    expect(list.stdout + list.stderr).toMatch(/✓ connectory: connectory gateway \(stdio\) - Connected/);
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);

  it("gemini-cli, inline mode: the URL as httpUrl, connected with the header", async () => {
    await remote();
    const w = await world();
    await w.exportTo("gemini-cli", "--mode", "inline");
    const list = await w.host("gemini", "mcp", "list");
    expect(list.stdout + list.stderr).toMatch(
      /✓ remote: http:\/\/127\.0\.0\.1:\d+\/mcp \(http\) - Connected/,
    );
  }, 180_000);

  it("gemini-cli --as-extension: `gemini extensions install` takes the folder and its servers connect", async () => {
    await remote();
    const w = await world();
    const run = await w.exportTo("gemini-cli", "--as-extension", "--json");
    const { dir } = JSON.parse(run.stdout) as { dir: string };
    expect(JSON.parse(readFileSync(path.join(dir, "gemini-extension.json"), "utf8")).name).toBe("connectory");
    const installed = await w.host("gemini", "extensions", "install", dir, "--consent");
    expect(installed.code, installed.stdout + installed.stderr).toBe(0);
    const extensions = await w.host("gemini", "extensions", "list");
    expect(extensions.stdout + extensions.stderr).toMatch(/✓ connectory \(0\.0\.0-test\)/);
    const list = await w.host("gemini", "mcp", "list");
    expect(list.stdout + list.stderr).toMatch(
      /✓ weather \(from connectory\): \S*node \S*connectory\.js run weather \(stdio\) - Connected/,
    );
    expect(list.stdout + list.stderr).toMatch(/✓ remote \(from connectory\): .* - Connected/);
    expect(await secretFiles(w)).toEqual([]);
  }, 180_000);
});
