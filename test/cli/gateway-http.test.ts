import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GatewayServer } from "../../cli/gateway/gateway-server.js";
import { gatewayToken, tokenPath } from "../../cli/gateway/gateway-token.js";
import { parseHttpAddress } from "../../cli/gateway/http-address.js";
import { startHttpGateway } from "../../cli/gateway/http-gateway.js";
import { cli } from "../helpers/cli.js";
import { memoryUpstream } from "../helpers/memory-upstream.js";
import { tempDir } from "../helpers/tmp.js";

// `gateway --http`: the streamable HTTP front in-process (real node:http on 127.0.0.1:0, real SDK
// StreamableHTTPClientTransport as the host, real SDK servers behind the gateway).

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

function echoServer(name: string): McpServer {
  const s = new McpServer({ name, version: "1" });
  s.registerTool(
    "echo",
    { description: `echo of ${name}`, inputSchema: { text: z.string() } },
    async (a) => ({
      content: [{ type: "text", text: `${name}:${a.text}` }],
    }),
  );
  s.registerResource("readme", "file:///readme.md", {}, async (uri) => ({
    contents: [{ uri: uri.href, text: `${name} readme` }],
  }));
  return s;
}

async function httpGateway(maxSessions?: number) {
  const home = await tempDir();
  const token = await gatewayToken(home);
  const open: GatewayServer[] = [];
  // As gateway.ts wires it: a server's list_changed goes to every session.
  const catalogChanged = (k: "resources" | "prompts") => open.forEach((g) => g.catalogChanged(k));
  const a = memoryUpstream("alpha", home, () => echoServer("alpha"), { catalogChanged });
  const b = memoryUpstream("beta", home, () => echoServer("beta"), { catalogChanged });
  const http = await startHttpGateway({
    host: "127.0.0.1",
    port: 0,
    token,
    open: () => {
      const g = new GatewayServer([a.upstream, b.upstream], { version: "test", log: () => undefined });
      open.push(g);
      return g;
    },
    closed: (g) => void open.splice(open.indexOf(g), 1),
    log: () => undefined,
    ...(maxSessions ? { maxSessions } : {}),
  });
  closers.push(async () => {
    await http.close();
    await Promise.all([a.upstream.close(), b.upstream.close()]);
  });
  return { home, token, url: http.url, open, alpha: a, starts: () => a.starts() + b.starts() };
}

async function connect(url: string, token: string | undefined) {
  const client = new Client({ name: "http-host", version: "1" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
};
const post = (url: string, headers: Record<string, string>, body: unknown = INIT) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("gateway --http", () => {
  it("serves every server's tools to a streamable HTTP client holding the token", async () => {
    const g = await httpGateway();
    expect(g.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(g.url, g.token);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(["alpha__echo", "beta__echo"]);
    const result = await client.callTool({ name: "beta__echo", arguments: { text: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: "beta:hi" }]);
    // A second host gets its own session; the servers are shared (not started again).
    const other = await connect(g.url, g.token);
    await other.listTools();
    expect(g.starts()).toBe(2);
    expect(g.open).toHaveLength(2);
    // A server's resources/list_changed reaches both hosts (over their GET event streams).
    const got: string[] = [];
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void got.push("first"));
    other.setNotificationHandler(ResourceListChangedNotificationSchema, () => void got.push("second"));
    g.alpha.current()?.registerResource("late", "file:///late.md", {}, async (uri) => ({
      contents: [{ uri: uri.href, text: "late" }],
    }));
    await expect.poll(() => got.sort(), { timeout: 5000 }).toEqual(["first", "second"]);
  });

  it("answers 401 without the token or with a wrong one, and never starts a server", async () => {
    const g = await httpGateway();
    await expect(connect(g.url, undefined)).rejects.toThrow(/401|Unauthorized|bearer/i);
    await expect(connect(g.url, "x".repeat(43))).rejects.toThrow();
    for (const auth of [
      undefined,
      "Bearer",
      `Basic ${g.token}`,
      `Bearer ${g.token}x`,
      `Bearer ${g.token} ${g.token}`,
    ]) {
      const res = await post(g.url, auth ? { authorization: auth } : {});
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="connectory-gateway"');
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toContain("connectory gateway token");
      expect(body.error.message).not.toContain(g.token);
    }
    expect(g.starts()).toBe(0);
    expect(g.open).toHaveLength(0);
  });

  it("refuses a foreign Host header (DNS rebinding), other paths, unknown sessions and junk bodies", async () => {
    const g = await httpGateway();
    const auth = { authorization: `Bearer ${g.token}` };
    // fetch will not send a forged Host; node:http will.
    const { request } = await import("node:http");
    const u = new URL(g.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: "POST",
          headers: { ...auth, host: "evil.example:80", "content-type": "application/json" },
        },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      req.on("error", reject);
      req.end(JSON.stringify(INIT));
    });
    expect(status).toBe(403);
    expect((await post(g.url.replace("/mcp", "/other"), auth)).status).toBe(404);
    expect((await post(g.url, { ...auth, "mcp-session-id": "nope" })).status).toBe(404);
    const junk = await post(g.url, auth, "{not json");
    expect(junk.status).toBe(400);
    const notInit = await post(g.url, auth, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(notInit.status).toBe(400);
    const huge = await post(g.url, auth, JSON.stringify({ ...INIT, pad: "x".repeat(5 * 1024 * 1024) }));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(g.open).toHaveLength(0);
    expect(g.starts()).toBe(0);
  });
});

describe("gateway --http sessions", () => {
  it("refuses a session past the cap with 503, and takes one again once a host closed its own", async () => {
    const g = await httpGateway(2);
    const auth = { authorization: `Bearer ${g.token}` };
    const first = await connect(g.url, g.token);
    await connect(g.url, g.token);
    const third = await post(g.url, auth);
    expect(third.status).toBe(503);
    expect(((await third.json()) as { error: { message: string } }).error.message).toContain(
      "too many open sessions",
    );
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    await expect.poll(() => g.open.length).toBe(1);
    await connect(g.url, g.token);
  });
});

describe("gateway --http listening", () => {
  it("says which address is taken instead of failing later", async () => {
    const g = await httpGateway();
    const port = Number(new URL(g.url).port);
    await expect(
      startHttpGateway({
        host: "127.0.0.1",
        port,
        token: g.token,
        open: () => {
          throw new Error("not reached");
        },
        closed: () => undefined,
        log: () => undefined,
      }),
    ).rejects.toMatchObject({
      code: "gateway.http.listen-failed",
      message: expect.stringContaining("EADDRINUSE"),
    });
  });
});

describe("gateway token", () => {
  it("is made once, kept 0600, printed on request, and replaced by --rotate", async () => {
    const home = await tempDir();
    const first = await cli(["gateway", "token", "--json"], { home });
    expect(first.code).toBe(0);
    const { token, file } = JSON.parse(first.stdout) as { token: string; file: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(file).toBe(tokenPath(home));
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await cli(["gateway", "token"], { home })).stdout.trim()).toBe(token);
    await fs.chmod(file, 0o644);
    expect(await gatewayToken(home)).toBe(token);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const rotated = (await cli(["gateway", "token", "--rotate"], { home })).stdout.trim();
    expect(rotated).not.toBe(token);
    expect(await gatewayToken(home)).toBe(rotated);
  });

  it("refuses a damaged token file instead of replacing it", async () => {
    const home = await tempDir();
    await fs.mkdir(home, { recursive: true });
    await fs.writeFile(path.join(home, "gateway-token"), "not a token\n");
    const run = await cli(["gateway", "token"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("does not hold one gateway token");
    expect(run.stderr).toContain("--rotate");
    expect(await fs.readFile(path.join(home, "gateway-token"), "utf8")).toBe("not a token\n");
  });
});

describe("--http addresses", () => {
  it.each([
    ["127.0.0.1:8765", { host: "127.0.0.1", port: 8765 }],
    ["localhost:0", { host: "127.0.0.1", port: 0 }],
    ["LOCALHOST:1", { host: "127.0.0.1", port: 1 }],
    ["[::1]:9000", { host: "::1", port: 9000 }],
    ["127.1.2.3:80", { host: "127.1.2.3", port: 80 }],
  ])("%s is loopback", (value, expected) => {
    expect(parseHttpAddress(value)).toEqual(expected);
  });

  it.each([
    "0.0.0.0:8765",
    "192.168.1.2:80",
    "[::]:80",
    "example.com:80",
    "127.0.0.1.evil.com:80",
    "[::ffff:10.0.0.1]:1",
    ":8080",
  ])("%s is refused as not loopback", (value) => {
    expect(() => parseHttpAddress(value)).toThrow(
      expect.objectContaining({ code: "gateway.http.not-loopback" }),
    );
  });

  it.each([
    "127.0.0.1",
    "127.0.0.1:",
    "127.0.0.1:99999",
    "127.0.0.1:80x",
    "[::1:80",
    "a:b:c",
    "x".repeat(5000),
  ])("%s is not an address", (value) => {
    expect(() => parseHttpAddress(value)).toThrow(
      expect.objectContaining({ code: "gateway.http.address.invalid" }),
    );
  });

  it("the command refuses a non-loopback bind with exit 2 before starting anything", async () => {
    const home = await tempDir();
    const run = await cli(["gateway", "--http", "0.0.0.0:8765"], { home });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("loopback only");
    await expect(fs.access(tokenPath(home))).rejects.toThrow();
  });
});
