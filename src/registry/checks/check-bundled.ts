import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { VersionContent } from "../../core/api/documents.js";
import { isBundled } from "../../core/official/launch.js";
import type { CheckResult } from "../../core/quality/evidence.js";
import { bwrapLaunch } from "../../core/sandbox/bwrap-args.js";
import { renderServers } from "../../core/templates.js";
import { isRemote, type ServerSet, type StdioServer } from "../../core/types.js";
import { unpackTarball } from "../../package/unpack.js";
import { snapshotOf } from "./server-snapshot.js";
import type { ServerSnapshot } from "../../core/tools/snapshot.js";

/** Limits of a bundled server's check at publish. */
export interface BundledCheckOptions {
  /** Start, initialize and tools/list of one server (default 20 s). */
  timeoutMs?: number;
  /** The server's address space (ulimit -v; default 1024 MiB: Node needs about 300 to start). */
  memoryMb?: number;
  /** The bubblewrap binary (findSandbox()); without one nothing is run. */
  bwrap: string;
  now?: () => Date;
  /** Stops the check at once (a registry shutting down): the server is killed, the result is `check.timeout`. */
  signal?: AbortSignal;
  /** Receives each server that answered: initialize and its complete tool, prompt and resource lists. */
  onSnapshot?: (server: string, snapshot: ServerSnapshot) => void;
}

/** Bundled servers checked at most per version. */
const MAX_SERVERS = 3;
const WORST: CheckResult["status"][] = ["down", "error", "needs-auth", "up"];

/** The servers of a version that run code shipped in the package (`${PLUGIN_ROOT}` in the launch). */
export function bundledServers(servers: ServerSet): Array<[string, StdioServer]> {
  return Object.entries(servers).filter(
    (e): e is [string, StdioServer] => !isRemote(e[1]) && isBundled(e[1]),
  );
}

let probed: Promise<string | undefined> | undefined;

/**
 * The bubblewrap binary when it can actually build a sandbox here (user namespaces allowed), else
 * undefined. Probed once per process.
 */
export function findSandbox(candidate = "bwrap"): Promise<string | undefined> {
  return (probed ??= new Promise((resolve) => {
    execFile(
      candidate,
      ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--", "/bin/true"],
      { timeout: 5000 },
      (error) => resolve(error ? undefined : candidate),
    );
  }));
}

/**
 * Checks the bundled stdio servers of a published version: unpacks the tarball to a temp folder and
 * starts each server inside bubblewrap (no network, the package read-only, an empty home, a private
 * /tmp) under `ulimit -v`, then speaks MCP to it: initialize, tools/list, within the time limit. Missing
 * credentials are passed as their defaults or empty. Undefined when the version has no bundled server.
 */
export async function checkBundled(
  tarball: Uint8Array,
  content: VersionContent,
  options: BundledCheckOptions,
): Promise<CheckResult | undefined> {
  const servers = bundledServers(content.mcp.mcpServers).slice(0, MAX_SERVERS);
  if (servers.length === 0) return undefined;
  const now = options.now ?? (() => new Date());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-check-"));
  try {
    const root = path.join(dir, "package");
    const home = path.join(dir, "home");
    await unpackTarball(tarball, root);
    await fs.mkdir(home);
    const rendered = render(Object.fromEntries(servers), content, root);
    const results: CheckResult[] = [];
    for (const [name] of servers) {
      results.push(await checkOne(rendered[name] as StdioServer, { root, home, options, now, name }));
    }
    return [...results].sort((a, b) => WORST.indexOf(a.status) - WORST.indexOf(b.status))[0];
  } catch (error) {
    // A tarball that passed publish but will not unpack here, a template that will not render: not MCP.
    void error;
    return {
      checkedAt: now().toISOString(),
      kind: "bundled",
      status: "error",
      error: "check.bundled.unpack",
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The servers with `${PLUGIN_ROOT}` filled and every credential its default, or empty. */
function render(servers: ServerSet, content: VersionContent, root: string): ServerSet {
  const credentials: Record<string, string> = {};
  for (const [key, p] of Object.entries(content.tokenSchema?.properties ?? {})) {
    credentials[key] = p.default !== undefined ? String(p.default) : "";
  }
  let result = renderServers(servers, credentials, root);
  if (result.status === "needs-credentials") {
    for (const key of result.missing) credentials[key] = "";
    result = renderServers(servers, credentials, root);
  }
  if (result.status !== "ok") throw new Error("the servers do not render");
  return result.servers;
}

async function checkOne(
  server: StdioServer,
  ctx: { root: string; home: string; options: BundledCheckOptions; now: () => Date; name: string },
): Promise<CheckResult> {
  const timeoutMs = ctx.options.timeoutMs ?? 20_000;
  const kb = (ctx.options.memoryMb ?? 1024) * 1024;
  const nodeDir = path.dirname(process.execPath);
  const sandboxed = bwrapLaunch(
    { network: "none" },
    {
      // The memory limit is set inside the sandbox, just before the server's own command replaces the shell.
      command: "/bin/sh",
      args: ["-c", `ulimit -v ${kb} && exec "$0" "$@"`, server.command, ...(server.args ?? [])],
      env: { PATH: `${nodeDir}:/usr/local/bin:/usr/bin:/bin`, HOME: ctx.home, ...(server.env ?? {}) },
      cwd: server.cwd ?? ctx.root,
    },
    {
      home: ctx.home,
      pluginRoot: ctx.root,
      toolPaths: /^\/(usr|bin|sbin|lib|opt)\//.test(nodeDir) ? [] : [nodeDir],
      bwrap: ctx.options.bwrap,
    },
  );
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: sandboxed.command,
    args: sandboxed.args,
    env: sandboxed.env,
    cwd: ctx.root,
    stderr: "ignore",
  });
  let exited = false;
  transport.onclose = () => (exited = true);
  let protocolVersion: string | undefined;
  // The SDK sets the negotiated version on transports that take it; this one is given a setter to learn it.
  const seen: Transport = transport;
  seen.setProtocolVersion = (v: string) => {
    protocolVersion = v;
  };
  const client = new Client({ name: "connectory-checker", version: "1" }, { capabilities: {} });
  client.onerror = () => undefined;
  const limit = AbortSignal.timeout(timeoutMs);
  const deadline = ctx.options.signal ? AbortSignal.any([limit, ctx.options.signal]) : limit;
  const base = () => ({ checkedAt: ctx.now().toISOString(), kind: "bundled" as const });
  try {
    await client.connect(transport, { timeout: timeoutMs, signal: deadline });
    const request = { timeout: timeoutMs, signal: deadline };
    const tools = await client.listTools({}, request);
    if (ctx.options.onSnapshot)
      ctx.options.onSnapshot(ctx.name, await snapshotOf(client, tools, request, protocolVersion));
    return {
      ...base(),
      status: "up",
      latencyMs: Math.round(performance.now() - started),
      ...(protocolVersion ? { protocolVersion } : {}),
      toolCount: tools.tools.length,
    };
  } catch {
    const latencyMs = Math.round(performance.now() - started);
    if (deadline.aborted) return { ...base(), status: "down", latencyMs, error: "check.timeout" };
    if (exited) return { ...base(), status: "down", latencyMs, error: "check.bundled.exited" };
    return { ...base(), status: "error", latencyMs, error: "check.protocol" };
  } finally {
    await client.close().catch(() => undefined);
  }
}
