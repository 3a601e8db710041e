import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";
import { PROXY_PORT } from "../../src/core/sandbox/bwrap-args.js";
import { fetchedPackage, fetchLaunch } from "../../src/core/sandbox/fetch-step.js";
import type { Permissions, SandboxRequest } from "../../src/core/sandbox/permissions.js";
import { seatbeltLaunch, type SeatbeltFacts } from "../../src/core/sandbox/seatbelt-profile.js";
import { findOnPath } from "../../src/fs/find-on-path.js";
import type { StdioLaunch } from "../mcp/child-env.js";
import { fetchRegistry } from "./sandbox-fetch.js";
import type { PlannedLaunch, SandboxWorld } from "./sandbox-launch.js";
import { commandMounts, safeRealpath } from "./sandbox-mounts.js";
import { startFilterProxy } from "./sandbox-proxy.js";

/**
 * macOS: the same permissions as a Seatbelt profile for sandbox-exec. Paths are resolved (Seatbelt
 * matches real paths: /var is /private/var), the launch gets a TMPDIR of its own, and a host list's
 * proxy listens on 127.0.0.1:<ephemeral>, the one address the profile lets the server connect to.
 * Untested on a real Mac (docs/security.md §9).
 */
export async function planSeatbelt(
  launch: StdioLaunch,
  request: SandboxRequest,
  permissions: Permissions,
  ctx: { world: SandboxWorld; home: string; sandboxExec: string },
): Promise<PlannedLaunch> {
  const { world, sandboxExec } = ctx;
  const home = safeRealpath(ctx.home);
  const real: Permissions = {
    ...permissions,
    filesystem: (permissions.filesystem ?? []).map((g) => ({ ...g, path: safeRealpath(g.path) })),
  };
  const hosts = Array.isArray(real.network) ? real.network : undefined;
  const base = safeRealpath(os.tmpdir());
  const tmpdir = world.explainOnly
    ? path.join(base, "connectory-sandbox-XXXXXX")
    : fs.mkdtempSync(path.join(base, "connectory-sandbox-"));
  const proxies: Array<{ close(): Promise<void> }> = [];
  const release = async () => {
    for (const p of proxies.splice(0)) await p.close();
    if (!world.explainOnly) fs.rmSync(tmpdir, { recursive: true, force: true });
  };
  try {
    const proxy =
      hosts && !world.explainOnly ? await startFilterProxy(hosts, world.log, { tcp: true }) : undefined;
    if (proxy) proxies.push(proxy);
    const facts: SeatbeltFacts = {
      home,
      tmpdir,
      sandboxExec,
      toolPaths: commandMounts(launch.command, world.env, ctx.home),
      ...(request.pluginRoot ? { pluginRoot: safeRealpath(request.pluginRoot) } : {}),
      ...(hosts ? { proxyPort: proxy?.port ?? PROXY_PORT } : {}),
    };
    // sandbox-exec looks the command up itself: given whole, no PATH folder outside the profile is searched.
    const found = launch.command.includes("/")
      ? launch.command
      : findOnPath(launch.command, { PATH: launch.env["PATH"] ?? world.env["PATH"] });
    const whole = { ...launch, command: found ?? launch.command };
    const { rules, ...sandboxed } = seatbeltLaunch(real, whole, facts);
    const profile = sandboxed.args[1] as string;
    const planned: PlannedLaunch = {
      launch: sandboxed,
      sandboxed: true,
      sandbox: "sandbox-exec",
      rules,
      profile,
      release,
    };
    const fetched = (real.network ?? "none") !== "any" ? fetchedPackage(launch) : undefined;
    if (fetched) {
      const registry = fetchRegistry(fetched.tool, launch.env, ctx.home);
      const step = fetchLaunch(whole, fetched.tool, fetched.spec, registry.url);
      const fetchProxy = world.explainOnly
        ? undefined
        : await startFilterProxy(registry.hosts, world.log, { tcp: true });
      if (fetchProxy) proxies.push(fetchProxy);
      planned.prefetch = seatbeltLaunch({ network: registry.hosts }, step, {
        home,
        tmpdir,
        sandboxExec,
        toolPaths: facts.toolPaths ?? [],
        proxyPort: fetchProxy?.port ?? PROXY_PORT,
        online: true,
      });
      rules.push({
        kind: "network",
        why: `${fetched.spec} is fetched first, by ${fetched.tool} alone, from ${registry.hosts.join(", ")} only, without the server's credentials`,
        code: "fetch",
        params: { spec: fetched.spec, tool: fetched.tool, hosts: registry.hosts.join(", ") },
      });
    }
    return planned;
  } catch (error) {
    await release();
    if (error instanceof ConnectoryError) throw error;
    throw localizedError(
      "sandbox.path.invalid",
      {
        key: "sandbox.path-invalid",
        params: { connector: request.connector, why: (error as Error).message },
      },
      { key: "sandbox.path-invalid-hint" },
    );
  }
}
