import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { parseAllowlist } from "../../../src/registry/address-guard.js";
import { checkRemote } from "../../../src/registry/checks/check-remote.js";
import { listen, sseServer, statusServer, streamableServer } from "../../fixtures/servers/http-servers.js";

// Real MCP servers (the SDK's) on 127.0.0.1, which only the allowlist lets the checker reach.
const allow = parseAllowlist("127.0.0.1");
const TOOLS = [
  { name: "a", inputSchema: { type: "object" } },
  { name: "b", inputSchema: { type: "object" } },
  { name: "c", inputSchema: { type: "object" } },
];

async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("checkRemote", () => {
  it("up: initialize + tools/list over Streamable HTTP, with the protocol version and tool count", async () => {
    const base = await streamableServer(undefined, () => TOOLS);
    const result = await checkRemote({ url: `${base}/mcp`, transport: "http" }, { allow });
    expect(result).toMatchObject({ kind: "remote", status: "up", toolCount: 3 });
    expect(result.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(new Date(result.checkedAt).toISOString()).toBe(result.checkedAt);
    expect(result.error).toBeUndefined();
  });

  it("falls back to SSE when the endpoint refuses a Streamable HTTP POST (405), as SDK clients do", async () => {
    const base = await sseServer();
    const result = await checkRemote({ url: `${base}/sse`, transport: "streamable-http" }, { allow });
    expect(result).toMatchObject({ status: "up", toolCount: 1 });
  });

  it("speaks SSE directly to a server the package declares as sse", async () => {
    const base = await sseServer();
    expect(await checkRemote({ url: `${base}/sse`, transport: "sse" }, { allow })).toMatchObject({
      status: "up",
      toolCount: 1,
    });
  });

  it("down: nothing listens on the port", async () => {
    const port = await closedPort();
    const result = await checkRemote({ url: `http://127.0.0.1:${port}/mcp`, transport: "http" }, { allow });
    expect(result).toMatchObject({ status: "down", error: "check.connect.refused" });
  });

  it("down: a server that never answers runs into the time limit", async () => {
    const base = await listen(() => undefined); // holds every request open
    const result = await checkRemote({ url: `${base}/mcp`, transport: "http" }, { allow, timeoutMs: 300 });
    expect(result).toMatchObject({ status: "down", error: "check.timeout" });
    expect(result.latencyMs).toBeLessThan(5_000);
  });

  it("error: a server answering garbage (HTML, broken JSON) is reachable but not MCP", async () => {
    const html = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/html" }).end("<html>hello</html>");
    });
    expect(await checkRemote({ url: html, transport: "http" }, { allow })).toMatchObject({ status: "error" });
    const json = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","id":0,"result":');
    });
    expect(await checkRemote({ url: json, transport: "http" }, { allow })).toMatchObject({ status: "error" });
  });

  it("error: an oversized response is cut off at the size limit", async () => {
    const big = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"pad":"${"x".repeat(200_000)}"}`);
    });
    const result = await checkRemote({ url: big, transport: "http" }, { allow, maxBytes: 10_000 });
    expect(result).toMatchObject({ status: "error", error: "check.response.too-large" });
  });

  it("needs-auth: a 401 with a bearer challenge counts as reachable; without a challenge it does not", async () => {
    const bearer = await statusServer(401); // WWW-Authenticate: Bearer realm="fixture"
    expect(await checkRemote({ url: `${bearer}/mcp`, transport: "http" }, { allow })).toMatchObject({
      status: "needs-auth",
    });
    const oauth = await listen((req, res) => {
      req.resume();
      res
        .writeHead(401, {
          "www-authenticate": `Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"`,
        })
        .end();
    });
    expect(await checkRemote({ url: oauth, transport: "http" }, { allow })).toMatchObject({
      status: "needs-auth",
    });
    const bare = await streamableServer("Bearer secret"); // 401 without WWW-Authenticate
    expect(await checkRemote({ url: `${bare}/mcp`, transport: "http" }, { allow })).toMatchObject({
      status: "error",
      error: "check.auth.no-challenge",
    });
    const basic = await listen((req, res) => {
      req.resume();
      res.writeHead(401, { "www-authenticate": 'Basic realm="x"' }).end();
    });
    expect(await checkRemote({ url: basic, transport: "http" }, { allow })).toMatchObject({
      status: "error",
      error: "check.auth.no-challenge",
    });
  });

  it("a 5xx is down, with the status in the reason", async () => {
    const base = await statusServer(503);
    expect(await checkRemote({ url: `${base}/mcp`, transport: "http" }, { allow })).toMatchObject({
      status: "down",
      error: "check.http.503",
    });
  });

  it("follows a redirect to an allowed address, and refuses one to a private or metadata address", async () => {
    const target = await streamableServer();
    const hop = await listen((req, res) => {
      req.resume();
      const to: Record<string, string> = {
        "/ok": `${target}/mcp`,
        "/private": "http://10.0.0.7/mcp",
        "/metadata": "http://169.254.169.254/latest/meta-data/",
        "/mapped": "http://[::ffff:127.0.0.2]/mcp",
        "/v6-loopback": `http://[::1]:${new URL(target).port}/mcp`,
      };
      res.writeHead(307, { location: to[req.url ?? ""] ?? "/" }).end();
    });
    expect(await checkRemote({ url: `${hop}/ok`, transport: "http" }, { allow })).toMatchObject({
      status: "up",
    });
    const refused = {
      "/private": "check.ssrf.private",
      "/metadata": "check.ssrf.metadata",
      "/mapped": "check.ssrf.loopback",
      "/v6-loopback": "check.ssrf.loopback",
    };
    for (const [path, code] of Object.entries(refused)) {
      expect(await checkRemote({ url: `${hop}${path}`, transport: "http" }, { allow }), path).toMatchObject({
        status: "down",
        error: code,
      });
    }
  });

  it("without the allowlist, the checker refuses the local server itself", async () => {
    const base = await streamableServer();
    const result = await checkRemote(
      { url: `${base}/mcp`, transport: "http" },
      { allow: parseAllowlist("") },
    );
    expect(result).toMatchObject({ status: "down", error: "check.ssrf.loopback" });
  });

  it("checks the address the socket connects to: a name resolving to a private address is refused", async () => {
    const base = await streamableServer();
    const port = new URL(base).port;
    // A resolver that answers like a rebinding DNS server: a public-looking name, a loopback address.
    const resolve = ((_host: string, _opts: unknown, cb: (e: null, a: unknown[]) => void) =>
      cb(null, [{ address: "127.0.0.1", family: 4 }])) as never;
    const result = await checkRemote(
      { url: `http://mcp.example.com:${port}/mcp`, transport: "http" },
      { allow: parseAllowlist(""), resolve },
    );
    expect(result).toMatchObject({ status: "down", error: "check.ssrf.loopback" });
    // The operator may allow the host by name.
    const allowed = await checkRemote(
      { url: `http://mcp.example.com:${port}/mcp`, transport: "http" },
      { allow: parseAllowlist("mcp.example.com"), resolve },
    );
    expect(allowed).toMatchObject({ status: "up" });
  });

  it("bad URLs are errors, not crashes", async () => {
    expect(await checkRemote({ url: "not a url", transport: "http" }, { allow })).toMatchObject({
      status: "error",
      error: "check.url.invalid",
    });
    expect(await checkRemote({ url: "file:///etc/passwd", transport: "http" }, { allow })).toMatchObject({
      status: "error",
      error: "check.url.scheme",
    });
  });
});

describe("checkRemote against hostile servers", () => {
  it("a body that drips forever runs into the time limit", async () => {
    const drip = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write(" "), 20);
      res.on("close", () => clearInterval(timer));
    });
    const result = await checkRemote({ url: drip, transport: "http" }, { allow, timeoutMs: 400 });
    expect(result).toMatchObject({ status: "down", error: "check.timeout" });
  });

  it("a redirect loop stops after three hops", async () => {
    let hops = 0;
    const loop = await listen((req, res) => {
      req.resume();
      hops++;
      res.writeHead(302, { location: `/again${hops}` }).end();
    });
    const result = await checkRemote({ url: loop, transport: "http" }, { allow });
    expect(result).toMatchObject({ status: "error", error: "check.redirect.too-many" });
    expect(hops).toBeLessThanOrEqual(8); // Streamable HTTP, then the SSE fallback does not run on a redirect error
  });

  it("an SSE stream that never names its endpoint runs into the time limit", async () => {
    const mute = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": nothing to see\n\n");
    });
    const result = await checkRemote({ url: mute, transport: "sse" }, { allow, timeoutMs: 400 });
    expect(result).toMatchObject({ status: "down", error: "check.timeout" });
  });

  it("a shutdown signal ends the check at once", async () => {
    const base = await listen(() => undefined);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const result = await checkRemote({ url: base, transport: "http" }, { allow, signal: stop.signal });
    expect(result).toMatchObject({ status: "down", error: "check.timeout" });
    expect(result.latencyMs).toBeLessThan(5_000);
  });
});

describe("checkRemote and name resolution", () => {
  it("a name that does not resolve is down", async () => {
    const resolve = ((_h: string, _o: unknown, cb: (e: Error) => void) =>
      cb(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }))) as never;
    const result = await checkRemote(
      { url: "https://no-such-host.example/mcp", transport: "http" },
      { allow, resolve },
    );
    expect(result).toMatchObject({ status: "down", error: "check.dns.not-found" });
  });

  it("one private address among the answers refuses the connection", async () => {
    const resolve = ((_h: string, _o: unknown, cb: (e: null, a: unknown[]) => void) =>
      cb(null, [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.1", family: 4 },
      ])) as never;
    const result = await checkRemote(
      { url: "http://mixed.example/mcp", transport: "http" },
      { allow: parseAllowlist(""), resolve },
    );
    expect(result).toMatchObject({ status: "down", error: "check.ssrf.private" });
  });
});
