import { spawn } from "node:child_process";
import { findOnPath } from "../../src/fs/find-on-path.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { homePaths } from "../home/home.js";
import { bwrapLaunch, launcherCaches } from "../../src/core/sandbox/bwrap-args.js";
import type { SandboxRule } from "../../src/core/sandbox/sandbox-rules.js";
import { fetchedPackage, fetchLaunch } from "../../src/core/sandbox/fetch-step.js";
import {
  PermissionPathError,
  renderPermissions,
  type SandboxRequest,
} from "../../src/core/sandbox/permissions.js";
import { SANDBOX_EXEC } from "../../src/core/sandbox/seatbelt-profile.js";
import { projectGrantsFor, readSandboxFile } from "../home/sandbox-store.js";
import type { StdioLaunch } from "../mcp/child-env.js";
import { fetchRegistry } from "./sandbox-fetch.js";
import { bundleMounts, commandMounts, resolveGrants, scriptGrants } from "./sandbox-mounts.js";
import { planSeatbelt } from "./sandbox-seatbelt.js";
import { startFilterProxy } from "./sandbox-proxy.js";
import { localizedError, say, sayEnglish, type Said } from "../terminal/language.js";

/** A launch as it will run: sandboxed (with its rules), or as is with the reason why not. */
export interface PlannedLaunch {
  launch: StdioLaunch;
  sandboxed: boolean;
  rules: SandboxRule[];
  /** Why it runs unsandboxed (no permissions declared, or turned off by the user), as the tables say it. */
  reason?: Said;
  /** An npx package to fetch (sandboxed, with network) before a network-less start: see prefetch(). */
  prefetch?: StdioLaunch;
  /** Stops what the launch needs while it runs (a host allowlist's filtering proxy); call once it ended. */
  release?: () => Promise<void>;
  /** Which sandbox runs it. */
  sandbox?: "bubblewrap" | "sandbox-exec";
  /** macOS: the Seatbelt profile it runs under (also `-p`'s argument in the launch). */
  profile?: string;
}

/** Runs the fetch step of a planned launch, if any; throws with npx's last words when it fails. */
export async function prefetch(planned: PlannedLaunch, timeoutMs = 300_000): Promise<void> {
  const step = planned.prefetch;
  if (!step) return;
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: step.env,
      stdio: ["ignore", "ignore", "pipe"],
      timeout: timeoutMs,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-2000)));
    child.once("error", (e) => resolve({ code: null, stderr: e.message }));
    child.once("close", (code) => resolve({ code, stderr }));
  });
  if (result.code !== 0)
    throw localizedError(
      "sandbox.fetch.failed",
      {
        key: "sandbox.fetch-failed",
        params: { why: result.stderr.trim().split("\n").slice(-3).join(" ") || `exit ${result.code}` },
      },
      { key: "sandbox.fetch-failed-hint" },
    );
}

/** Where the sandbox looks: the environment (PATH, HOME), the platform and the Connectory home. */
export interface SandboxWorld {
  env: Record<string, string | undefined>;
  home?: string;
  platform?: NodeJS.Platform;
  /** Only explaining (`run --explain-sandbox`): nothing is started, not even a filtering proxy. */
  explainOnly?: boolean;
  /** Where a filtering proxy reports the hosts it refused (run: stderr, which hosts log). */
  log?: (line: string) => void;
  /** The system folders searched for socat before PATH (tests point it elsewhere). */
  systemPath?: string;
  /** macOS: the sandbox-exec binary (default /usr/bin/sandbox-exec; tests point it elsewhere). */
  sandboxExec?: string;
}

/**
 * THE place every stdio server passes before it starts (run, inspect, doctor, tools, publish
 * --with-tools): a server with declared permissions runs inside bubblewrap with exactly them, or not
 * at all; one without runs as today.
 */
export async function planLaunch(
  launch: StdioLaunch,
  request: SandboxRequest | undefined,
  world: SandboxWorld,
): Promise<PlannedLaunch> {
  if (!request) return { launch, sandboxed: false, rules: [], reason: { key: "sandbox-plan.unrestricted" } };
  const sandboxFile = world.home ? await readSandboxFile(world.home) : undefined;
  if (sandboxFile && Object.hasOwn(sandboxFile.off, request.connector))
    return {
      launch,
      sandboxed: false,
      rules: [],
      reason: { key: "sandbox-plan.off", params: { connector: request.connector } },
    };
  const home = world.env["HOME"] || os.homedir();
  const platform = world.platform ?? process.platform;
  const sandboxExec = platform === "darwin" ? findSandboxExec(world.sandboxExec) : undefined;
  const bwrap = platform === "linux" ? findBwrap(world.env) : undefined;
  if (!bwrap && !sandboxExec)
    throw localizedError(
      "sandbox.unavailable",
      { key: "sandbox.none", params: { connector: request.connector } },
      {
        key: platform === "darwin" ? "sandbox.none-hint-macos" : "sandbox.none-hint-linux",
        params: { connector: request.connector },
      },
    );
  let permissions;
  try {
    permissions = renderPermissions(request.permissions, { HOME: home });
  } catch (error) {
    // What is unset, by the renderer's kind (else its English words); what to do is in the tables.
    const hint = { key: "sandbox.path-unset-hint" as const, params: { connector: request.connector } };
    const why =
      error instanceof PermissionPathError
        ? say(error.kind === "unset" ? "sandbox.path-needs" : "sandbox.path-holds-template", {
            key: error.key,
            path: error.grantPath,
          })
        : undefined;
    throw new ConnectoryError("sandbox.path.unset", `${request.connector}: ${(error as Error).message}`, {
      hint: sayEnglish(hint.key, hint.params),
      localized: {
        ...(why
          ? { message: { key: "sandbox.path-unset", params: { connector: request.connector, why } } }
          : {}),
        hint,
      },
    });
  }
  // Folders a project's connectory.json grants it (confirmed by the user at `sync`): literal paths.
  const granted = sandboxFile ? projectGrantsFor(sandboxFile, request.connector) : [];
  if (granted.length > 0)
    permissions = { ...permissions, filesystem: [...(permissions.filesystem ?? []), ...granted] };
  if (request.scriptFolders)
    permissions = {
      ...permissions,
      filesystem: [...(permissions.filesystem ?? []), ...scriptGrants(launch, home, permissions)],
    };
  // Every grant cleaned, checked, resolved through its links and checked again (sandbox-mounts.ts).
  permissions = {
    ...permissions,
    filesystem: resolveGrants(
      permissions.filesystem ?? [],
      {
        home,
        ...(world.home ? { connectoryHome: world.home } : {}),
        ...(request.pluginRoot ? { pluginRoot: request.pluginRoot } : {}),
      },
      request.connector,
    ),
  };
  // A launcher's cache is its one writable folder: made now, or the read-only home would refuse it.
  for (const cache of launcherCaches(launch.command, launch.env, home))
    fs.mkdirSync(cache, { recursive: true });
  if (sandboxExec) return planSeatbelt(launch, request, permissions, { world, home, sandboxExec });
  const hosts = Array.isArray(permissions.network) ? permissions.network : undefined;
  const fetched = (permissions.network ?? "none") !== "any" ? fetchedPackage(launch) : undefined;
  const socat = hosts || fetched ? findSystemTool("socat", world.env, world.systemPath) : undefined;
  if ((hosts || fetched) && !socat)
    throw localizedError(
      "sandbox.unavailable",
      hosts
        ? { key: "sandbox.socat-hosts", params: { connector: request.connector, hosts: hosts.join(", ") } }
        : { key: "sandbox.socat-fetch", params: { connector: request.connector, spec: fetched?.spec ?? "" } },
      { key: "sandbox.socat-hint" },
    );
  const proxies: Array<{ close(): Promise<void> }> = [];
  const release = async () => {
    for (const p of proxies.splice(0)) await p.close();
  };
  try {
    const proxy = hosts && !world.explainOnly ? await startFilterProxy(hosts, world.log) : undefined;
    if (proxy) proxies.push(proxy);
    const tools = [
      ...commandMounts(launch.command, world.env, home),
      ...(socat ? commandMounts(socat, world.env, home) : []),
      // An MCPB launch runs from its unpacked bundle (mcp.json 2): that folder, read-only.
      ...(world.home ? bundleMounts(launch, homePaths(world.home).bundles) : []),
    ];
    const planned = bwrapLaunch(permissions, launch, {
      home,
      ...(bwrap ? { bwrap } : {}),
      ...(request.pluginRoot ? { pluginRoot: request.pluginRoot } : {}),
      // socat outside the system folders (a PATH of its own) must be visible inside to bridge the proxy.
      toolPaths: tools,
      ...(hosts ? { proxySocket: proxy?.socket ?? "/proxy.sock", ...(socat ? { socat } : {}) } : {}),
    });
    const { rules, ...sandboxed } = planned;
    const out: PlannedLaunch = { launch: sandboxed, sandboxed: true, sandbox: "bubblewrap", rules };
    if (fetched) {
      // Fetched first in a sandbox of its own: none of the server's credentials, no install scripts,
      // nothing of the home but the launcher's cache, and only the registry through a filtering proxy.
      const registry = fetchRegistry(fetched.tool, launch.env, home);
      const step = fetchLaunch(launch, fetched.tool, fetched.spec, registry.url);
      const fetchProxy = world.explainOnly ? undefined : await startFilterProxy(registry.hosts, world.log);
      if (fetchProxy) proxies.push(fetchProxy);
      const fetcher = bwrapLaunch({ network: registry.hosts }, step, {
        home,
        ...(bwrap ? { bwrap } : {}),
        toolPaths: tools,
        online: true,
        proxySocket: fetchProxy?.socket ?? "/proxy.sock",
        socat: socat as string,
      });
      rules.push({
        kind: "network",
        why: `${fetched.spec} is fetched first, by ${fetched.tool} alone, from ${registry.hosts.join(", ")} only, without the server's credentials${fetched.tool === "npx" ? " or install scripts" : ""}`,
        code: fetched.tool === "npx" ? "fetch-npx" : "fetch",
        params: { spec: fetched.spec, tool: fetched.tool, hosts: registry.hosts.join(", ") },
      });
      out.prefetch = { command: fetcher.command, args: fetcher.args, env: fetcher.env, cwd: fetcher.cwd };
    }
    if (proxies.length > 0) out.release = release;
    return out;
  } catch (error) {
    await release();
    throw error;
  }
}

/** sandbox-exec, only where macOS keeps it: a PATH entry must not be able to stand in for it. */
export function findSandboxExec(candidate = SANDBOX_EXEC): string | undefined {
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

/** bwrap from the system folders first: a PATH entry must not be able to stand in for the sandbox. */
export function findBwrap(env: Record<string, string | undefined>): string | undefined {
  return findSystemTool("bwrap", env);
}

/** A tool the sandbox relies on, from the system folders first, then PATH. */
function findSystemTool(
  name: string,
  env: Record<string, string | undefined>,
  systemPath = "/usr/bin:/bin:/usr/local/bin",
): string | undefined {
  return findOnPath(name, { PATH: systemPath }) ?? findOnPath(name, env);
}
