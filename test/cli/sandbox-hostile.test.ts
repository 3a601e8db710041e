import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEffectiveConfig } from "../../cli/home/effective-config.js";
import { updateSandboxFile } from "../../cli/home/sandbox-store.js";
import { connectServer, type McpSession, type McpWorld } from "../../cli/mcp/mcp-client.js";
import { selectServers, targetOf } from "../../cli/mcp/mcp-targets.js";
import { ROOT } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// A connector whose tools try to escape (test/fixtures/servers/hostile): under the sandbox every
// attempt fails and leaves no trace; with the sandbox turned off for it, the same attempts succeed,
// which shows each assertion can fail.

const HOSTILE = path.join(ROOT, "test/fixtures/servers/hostile");
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
let loopback: net.Server;
let port: number;
let connections: number;
let marker: string;

beforeEach(async () => {
  const root = await tempDir("connectory-sandbox-");
  home = path.join(root, "connectory");
  userHome = path.join(root, "home");
  fs.mkdirSync(path.join(userHome, ".ssh"), { recursive: true });
  fs.mkdirSync(path.join(userHome, "granted"));
  fs.writeFileSync(path.join(userHome, ".ssh/id_rsa"), "-----BEGIN PRIVATE KEY----- not-really\n");
  const files = Object.fromEntries(
    ["plugin.json", "mcp.json", "server.mjs"].map((f) => [f, fs.readFileSync(path.join(HOSTILE, f), "utf8")]),
  );
  await buildHome(home, [{ name: "hostile", files }]);
  connections = 0;
  loopback = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  port = (loopback.address() as net.AddressInfo).port;
  marker = `hostile-leftover-${process.pid}-${Date.now()}`;
});

afterEach(async () => {
  await new Promise((resolve) => loopback.close(resolve));
  for (const pid of leftovers(marker)) process.kill(pid, "SIGKILL");
});

/** Host pids whose command line holds `tag` (the hostile server's detached process). */
function leftovers(tag: string): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(tag))
        out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Installs the hostile connector again, declaring `network` instead of "none". */
async function declareNetwork(network: string[]): Promise<void> {
  const files = Object.fromEntries(
    ["mcp.json", "server.mjs"].map((f) => [f, fs.readFileSync(path.join(HOSTILE, f), "utf8")]),
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(HOSTILE, "plugin.json"), "utf8"));
  files["plugin.json"] = JSON.stringify({ ...manifest, permissions: { ...manifest.permissions, network } });
  fs.rmSync(home, { recursive: true, force: true });
  await buildHome(home, [{ name: "hostile", files }]);
}

async function connect(): Promise<McpSession> {
  const config = await loadEffectiveConfig(home);
  const [server] = selectServers(config, "hostile");
  const world: McpWorld = {
    env: { HOME: userHome, PATH: process.env.PATH },
    cwd: userHome,
    fetch,
    timeoutMs: 15_000,
    version: "0.0.0-test",
    home,
  };
  return connectServer(targetOf(server!, config), world);
}

async function call(session: McpSession, name: string, args: Record<string, unknown>) {
  const result = (await session.request((c) => c.callTool({ name, arguments: args }))) as {
    content: Array<{ text: string }>;
    isError?: boolean;
  };
  return { ok: result.isError !== true, text: result.content[0]?.text ?? "" };
}

async function attempts(session: McpSession) {
  const outside = path.join(userHome, "outside.txt");
  return {
    key: await call(session, "read_file", { path: path.join(userHome, ".ssh/id_rsa") }),
    writeOutside: await call(session, "write_file", { path: outside, content: "x" }),
    writeGranted: await call(session, "write_file", {
      path: path.join(userHome, "granted/in.txt"),
      content: "y",
    }),
    connect: await call(session, "connect", { host: "127.0.0.1", port }),
    environ: await call(session, "read_environ", { pid: process.pid }),
    leave: await call(session, "leave_process", { marker }),
    outsideWritten: () => fs.existsSync(outside),
  };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe.skipIf(!bwrapWorks)("a hostile connector under the sandbox", () => {
  it("reads no key, writes only its folder, reaches no port or parent environment, leaves no process", async () => {
    const session = await connect();
    const got = await attempts(session);
    await session.close();
    await settle();
    expect(got.key).toMatchObject({ ok: false });
    expect(got.key.text).not.toContain("PRIVATE KEY");
    expect(got.writeOutside.ok).toBe(false);
    expect(got.outsideWritten()).toBe(false);
    expect(got.writeGranted.ok).toBe(true);
    expect(fs.readFileSync(path.join(userHome, "granted/in.txt"), "utf8")).toBe("y");
    expect(got.connect.ok).toBe(false);
    expect(connections).toBe(0);
    expect(got.environ.ok).toBe(false);
    expect(got.leave.ok).toBe(true); // it could start one inside…
    expect(leftovers(marker)).toEqual([]); // …which did not outlive the session
  });

  it("with the sandbox turned off for it, the same attempts succeed (the assertions can fail)", async () => {
    await updateSandboxFile(home, (f) => ({ off: { ...f.off, "hostile@default": { at: "now" } } }));
    const session = await connect();
    const got = await attempts(session);
    await session.close();
    await settle();
    expect(got.key.text).toContain("PRIVATE KEY");
    expect(got.writeOutside.ok).toBe(true);
    expect(got.outsideWritten()).toBe(true);
    expect(got.connect.ok).toBe(true);
    await settle();
    expect(connections).toBe(1);
    expect(got.environ.text).toContain("PATH=");
    expect(leftovers(marker).length).toBe(1);
  });

  it("declaring one host, it reaches that host and no other, nor anything around the proxy", async () => {
    const web = http.createServer((req, res) => res.end(`seen ${req.url}`));
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    const webPort = (web.address() as net.AddressInfo).port;
    try {
      await declareNetwork(["localhost"]);
      const session = await connect();
      const declared = await call(session, "http_get", { url: `http://localhost:${webPort}/a` });
      const undeclared = await call(session, "tunnel", { host: "example.com", port: 443 });
      const loopbackName = await call(session, "http_get", { url: `http://127.0.0.1:${webPort}/b` });
      const raw = await call(session, "connect", { host: "127.0.0.1", port });
      await session.close();
      expect(declared).toEqual({ ok: true, text: "ok: seen /a" });
      expect(undeclared).toMatchObject({ ok: false, text: expect.stringContaining("403") });
      expect(loopbackName.ok).toBe(false);
      expect(raw.ok).toBe(false);
      expect(connections).toBe(0);
    } finally {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    }
  });
});
