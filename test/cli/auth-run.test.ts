import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, cli } from "../helpers/cli.js";
import { oauthFixture, type OAuthFixture } from "../fixtures/servers/oauth-servers.js";
import { BROWSER, oauthHome } from "../helpers/oauth-home.js";

// `connectory run` (the built binary) bridging a host to an OAuth-protected server after
// `connectory auth`: the bearer token attached, refreshed on a 401 and before it expires, and a clear
// error once the refresh token is revoked. `npm run build` first.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

function host(home: string): { client: Client; transport: StdioClientTransport; stderr: () => string } {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "run", "notes"],
    env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "test-host", version: "1.0.0" });
  closers.push(() => client.close());
  return { client, transport, stderr: () => stderr };
}

/** A raw host: sends initialize, collects stdout and stderr until the launcher exits. */
function rawRun(home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "run", "notes"], {
      env: { ...process.env, CONNECTORY_HOME: home, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
      timeout: 20_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      }) + "\n",
    );
  });
}

async function signIn(f: OAuthFixture): Promise<string> {
  const home = await oauthHome(f.mcpUrl);
  const run = await cli(["auth", "notes"], { home, env: { BROWSER } });
  expect(run.code).toBe(0);
  return home;
}

async function storedTokens(
  home: string,
  url: string,
): Promise<{ access_token: string; refresh_token: string }> {
  return JSON.parse(await fs.readFile(path.join(home, "credentials.json"), "utf8")).oauth[url].tokens;
}

/** Every token the authorization server issued or the resource server accepted. */
function secrets(f: OAuthFixture, also: string[] = []): string[] {
  return [...new Set([...f.accepted, ...f.provider.refreshTokens, ...also])];
}

describe("connectory run with an OAuth sign-in", () => {
  it("lists and calls tools with the bearer token; an expired token is refreshed once and the call retried", async () => {
    const f = await oauthFixture();
    const home = await signIn(f);
    const first = await storedTokens(home, f.mcpUrl);
    const h = host(home);
    await h.client.connect(h.transport);
    expect((await h.client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
    expect(f.accepted.at(-1)).toBe(first.access_token);

    // The server drops every access token early: 401 → refresh grant (with resource) → retried.
    f.provider.expireAccessTokens();
    const result = await h.client.callTool({ name: "whoami", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: expect.stringMatching(/^called whoami as /) }]);
    expect(f.provider.seen.refreshes).toBe(1);
    const second = await storedTokens(home, f.mcpUrl);
    expect(second.access_token).not.toBe(first.access_token);
    // Rotation: the stored refresh token is the new one.
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(f.provider.refreshTokens).toEqual([second.refresh_token]);
    for (const s of secrets(f, [first.refresh_token, second.refresh_token]))
      expect(h.stderr()).not.toContain(s);
  });

  it("refreshes before the access token expires, without waiting for a 401", async () => {
    // A 2 s token is refreshed in its second half (half its life before expiry), still valid at the server.
    const f = await oauthFixture({ accessTtlS: 2 });
    const home = await signIn(f);
    const first = await storedTokens(home, f.mcpUrl);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = f.accepted.length;
    const h = host(home);
    await h.client.connect(h.transport);
    await h.client.listTools();
    expect(f.provider.seen.refreshes).toBe(1);
    expect(f.accepted.slice(before)).not.toContain(first.access_token);
    expect(f.accepted.slice(before)).toContain((await storedTokens(home, f.mcpUrl)).access_token);
  });

  it("after the refresh token is revoked, ends with a clear `connectory auth notes` error", async () => {
    const f = await oauthFixture();
    const home = await signIn(f);
    const tokens = await storedTokens(home, f.mcpUrl);
    f.provider.revokeRefreshTokens();
    f.provider.expireAccessTokens();
    const run = await rawRun(home);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("needs a new sign-in");
    expect(run.stderr).toContain("run `connectory auth notes`");
    // The host got an answer, not silence.
    expect(JSON.parse(run.stdout.split("\n")[0]!)).toMatchObject({
      id: 1,
      error: { message: expect.stringContaining("sign-in") },
    });
    for (const s of secrets(f, [tokens.access_token, tokens.refresh_token]))
      expect(run.stdout + run.stderr).not.toContain(s);
  });

  it("a server that declares OAuth and was never signed in fails at once with the same hint", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const run = await rawRun(home);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("run `connectory auth notes`");
    expect(f.accepted).toEqual([]);
  });

  it("a tool call the sign-in's scopes do not cover names the scopes; auth --scope fixes it", async () => {
    const f = await oauthFixture({ toolScope: "mcp:write" });
    const home = await signIn(f);
    const h = host(home);
    await h.client.connect(h.transport);
    expect((await h.client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
    const refused = await h.client.callTool({ name: "whoami", arguments: {} }).catch((e: Error) => e);
    expect(String(refused)).toContain("needs more scopes");
    expect(h.stderr()).toContain('run `connectory auth notes --scope "mcp:tools mcp:write"`');
    await h.client.close();

    expect(
      (await cli(["auth", "notes", "--scope", "mcp:tools mcp:write"], { home, env: { BROWSER } })).code,
    ).toBe(0);
    const again = host(home);
    await again.client.connect(again.transport);
    const result = await again.client.callTool({ name: "whoami", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: expect.stringMatching(/^called whoami/) }]);
  });

  it("the gateway reaches the server with its sign-in too", async () => {
    const f = await oauthFixture();
    const home = await signIn(f);
    const tokens = await storedTokens(home, f.mcpUrl);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "gateway"],
      env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1" },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d) => (stderr += d));
    const client = new Client({ name: "test-host", version: "1.0.0" });
    closers.push(() => client.close());
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.some((n) => n.includes("whoami"))).toBe(true);
    expect(f.accepted).toContain(tokens.access_token);
    expect(stderr).not.toContain(tokens.access_token);
  });

  it("keeps tokens out of host files, and doctor and config --explain say needs-auth until signed in", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const explain = await cli(["config", "--explain", "--json"], { home });
    expect(JSON.parse(explain.stdout).servers[0]).toMatchObject({ name: "notes", auth: "needs-auth" });
    expect((await cli(["config", "--explain"], { home })).stdout).toContain("needs-auth");
    const doctor = await cli(["doctor"], { home });
    expect(doctor.stdout + doctor.stderr).toContain("needs-auth");
    expect(doctor.stdout + doctor.stderr).toContain("connectory auth notes");

    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const after = await cli(["config", "--explain", "--json"], { home });
    expect(JSON.parse(after.stdout).servers[0]).toMatchObject({ auth: "signed-in" });
    for (const mode of ["launcher", "inline"]) {
      const exported = await cli(["config", "export", "--host", "cursor", "--mode", mode, "--write"], {
        home,
      });
      expect(exported.code).toBe(0);
      const file = await fs.readFile(path.join(home, "user-home", ".cursor", "mcp.json"), "utf8");
      const tokens = await storedTokens(home, f.mcpUrl);
      expect(file).not.toContain(tokens.access_token);
      expect(file).not.toContain(tokens.refresh_token);
      if (mode === "inline") expect(JSON.parse(file).mcpServers.notes).toEqual({ url: f.mcpUrl });
    }
  });
});
