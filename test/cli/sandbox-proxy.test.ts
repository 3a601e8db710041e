import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEffectiveConfig } from "../../cli/home/effective-config.js";
import { connectServer, type McpSession } from "../../cli/mcp/mcp-client.js";
import { selectServers, targetOf } from "../../cli/mcp/mcp-targets.js";
import { startFilterProxy, type FilterProxy } from "../../cli/sandbox/sandbox-proxy.js";
import { cli, ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Host allowlists: a sandbox with `"network": ["localhost"]` has no network of its own; HTTP(S)_PROXY
// points at a filtering proxy in Connectory (bridged in by socat) that passes only the declared hosts.
// The target is one local HTTP server on 127.0.0.1, named two ways: as `localhost` (declared: it
// answers) and as `127.0.0.1` (not declared: refused before it leaves the machine, the server sees
// nothing). With the sandbox off the same undeclared request succeeds, so the assertions can fail.

const HOSTILE = path.join(ROOT, "test/fixtures/servers/hostile/server.mjs");
const works = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    execFileSync("socat", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let target: http.Server;
let port: number;
let seen: string[];

beforeEach(async () => {
  seen = [];
  target = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    res.end("hello from the target");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  port = (target.address() as net.AddressInfo).port;
});
afterEach(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

/** A request through the proxy's unix socket, as socat passes it on from inside the sandbox. */
function viaSocket(proxy: FilterProxy, raw: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(proxy.socket);
    let data = "";
    socket.setEncoding("utf8").on("data", (d) => (data += d));
    // A request the proxy cannot parse is cut off: what came before the reset is the answer.
    socket.once("error", () => resolve(data));
    socket.once("close", () => resolve(data));
    socket.write(raw);
    setTimeout(() => socket.end(), 500);
  });
}

describe("the filtering proxy, in-process", () => {
  it("passes a declared host, refuses an undeclared one, a relative URL and garbage", async () => {
    const proxy = await startFilterProxy(["localhost"]);
    try {
      const ok = await viaSocket(
        proxy,
        `GET http://localhost:${port}/ok HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`,
      );
      expect(ok).toMatch(/^HTTP\/1.1 200/);
      expect(ok).toContain("hello from the target");
      const refused = await viaSocket(
        proxy,
        `GET http://127.0.0.1:${port}/no HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
      );
      expect(refused).toMatch(/^HTTP\/1.1 403/);
      const tunnel = await viaSocket(
        proxy,
        `CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n`,
      );
      expect(tunnel).toMatch(/^HTTP\/1.1 403/);
      expect(
        await viaSocket(proxy, "GET /relative HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"),
      ).toMatch(/^HTTP\/1.1 400/);
      expect(await viaSocket(proxy, "CONNECT \u0000\u0001 HTTP/1.1\r\n\r\n")).not.toMatch(/ 200 /);
      expect(await viaSocket(proxy, `${"x".repeat(100_000)}\r\n\r\n`)).not.toMatch(/ 200 /);
      expect(seen).toEqual(["/ok"]);
      expect(proxy.refused).toEqual([`127.0.0.1:${port}`, "example.com:443"]);
    } finally {
      await proxy.close();
    }
    expect(fs.existsSync(path.dirname(proxy.socket))).toBe(false);
  });
});

describe.skipIf(!works)("a sandboxed server with a host allowlist", () => {
  let home: string;
  let userHome: string;
  const run = (...argv: string[]) => cli(argv, { home, env: { HOME: userHome } });

  beforeEach(async () => {
    const root = await tempDir("connectory-proxy-");
    home = path.join(root, "connectory");
    userHome = path.join(root, "home");
    fs.mkdirSync(userHome);
  });

  async function session(): Promise<McpSession> {
    const config = await loadEffectiveConfig(home);
    const [server] = selectServers(config, "hostile");
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

  it("reaches the declared host by HTTP and CONNECT; every undeclared host is refused", async () => {
    expect(
      (await run("mcp", "add", "hostile", "--allow-net", "localhost", "--trust", "--", "node", HOSTILE)).code,
    ).toBe(0);
    const explained = await run("run", "hostile", "--explain-sandbox");
    expect(explained.stdout).toContain("network    only localhost: no network of its own");
    const s = await session();
    try {
      expect(await call(s, "http_get", { url: `http://localhost:${port}/declared` })).toEqual({
        ok: true,
        text: "ok: hello from the target",
      });
      expect(await call(s, "tunnel", { host: "localhost", port })).toMatchObject({
        ok: true,
        text: "ok: HTTP/1.1 200 OK",
      });
      const undeclared = await call(s, "http_get", { url: `http://127.0.0.1:${port}/undeclared` });
      expect(undeclared).toMatchObject({ ok: false, text: "failed: HTTP 403" });
      expect((await call(s, "tunnel", { host: "127.0.0.1", port })).ok).toBe(false);
      expect((await call(s, "tunnel", { host: "example.com", port: 443 })).text).toContain("403");
      // Around the proxy: no network of its own.
      expect((await call(s, "connect", { host: "127.0.0.1", port })).ok).toBe(false);
    } finally {
      await s.close();
    }
    expect(seen).toEqual(["/declared", "/tunnel"]);

    // The control: unsandboxed (and so without the proxy) the undeclared request reaches the target.
    expect((await run("sandbox", "off", "hostile")).code).toBe(0);
    const open = await session();
    try {
      expect((await call(open, "http_get", { url: `http://127.0.0.1:${port}/undeclared` })).ok).toBe(true);
    } finally {
      await open.close();
    }
    expect(seen).toContain("/undeclared");
  });
});
