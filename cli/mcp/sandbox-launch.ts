import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { isRemote, type ServerSpec } from "../../src/core/types.js";
import {
  bwrapLaunch,
  explainRules,
  launcherCaches,
  npxPackage,
  PROXY_PORT,
  type SandboxRule,
} from "../../src/core/sandbox/bwrap-args.js";
import {
  renderPermissions,
  type FilesystemGrant,
  type Permissions,
  type SandboxRequest,
} from "../../src/core/sandbox/permissions.js";
import { SANDBOX_EXEC, seatbeltLaunch, type SeatbeltFacts } from "../../src/core/sandbox/seatbelt-profile.js";
import { readSandboxFile } from "../home/sandbox-store.js";
import { stdioLaunch, type StdioLaunch } from "./child-env.js";
import { startFilterProxy } from "./sandbox-proxy.js";

/** A launch as it will run: sandboxed (with its rules), or as is with the reason why not. */
export interface PlannedLaunch {
  launch: StdioLaunch;
  sandboxed: boolean;
  rules: SandboxRule[];
  /** Why it runs unsandboxed: "unrestricted" (no permissions declared) or "turned off by the user". */
  reason?: string;
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
    throw new ConnectoryError(
      "sandbox.fetch.failed",
      `could not fetch the server's package before starting it without network: ${result.stderr.trim().split("\n").slice(-3).join(" ") || `exit ${result.code}`}`,
      { hint: "check your connection to the npm registry, then try again" },
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

export const MACOS_HINT =
  "macOS ships /usr/bin/sandbox-exec, which is missing or does not work here; or run it unsandboxed at your own risk: `connectory sandbox off <connector>`";

export const INSTALL_HINT =
  "install bubblewrap (Debian/Ubuntu: `sudo apt-get install bubblewrap`; Fedora: `sudo dnf install bubblewrap`; Arch: `sudo pacman -S bubblewrap`), or run it unsandboxed at your own risk: `connectory sandbox off <connector>`";

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
  if (!request)
    return { launch, sandboxed: false, rules: [], reason: "unrestricted: declares no permissions" };
  if (world.home && Object.hasOwn((await readSandboxFile(world.home)).off, request.connector))
    return {
      launch,
      sandboxed: false,
      rules: [],
      reason: `sandbox turned off by you (\`connectory sandbox on ${request.connector}\` restores it)`,
    };
  const home = world.env["HOME"] || os.homedir();
  const platform = world.platform ?? process.platform;
  const sandboxExec = platform === "darwin" ? findSandboxExec(world.sandboxExec) : undefined;
  const bwrap = platform === "linux" ? findBwrap(world.env) : undefined;
  if (!bwrap && !sandboxExec)
    throw new ConnectoryError(
      "sandbox.unavailable",
      `${request.connector} declares permissions, and no sandbox is available on this machine to enforce them`,
      {
        hint: (platform === "darwin" ? MACOS_HINT : INSTALL_HINT).replace("<connector>", request.connector),
      },
    );
  let permissions;
  try {
    permissions = renderPermissions(request.permissions, { HOME: home });
  } catch (error) {
    throw new ConnectoryError("sandbox.path.unset", `${request.connector}: ${(error as Error).message}`, {
      hint: `set the credential it names (\`connectory credentials set ${request.connector}\`)`,
    });
  }
  if (request.scriptFolders)
    permissions = {
      ...permissions,
      filesystem: [...(permissions.filesystem ?? []), ...scriptGrants(launch, home, permissions)],
    };
  for (const grant of permissions.filesystem ?? [])
    if (!fs.existsSync(grant.path))
      throw new ConnectoryError(
        "sandbox.path.missing",
        `${request.connector} is granted ${grant.path}, which does not exist`,
        { hint: "create it, or choose another folder (`connectory credentials set`)" },
      );
  // A launcher's cache is its one writable folder: made now, or the read-only home would refuse it.
  for (const cache of launcherCaches(launch.command, launch.env, home))
    fs.mkdirSync(cache, { recursive: true });
  if (sandboxExec) return planSeatbelt(launch, request, permissions, { world, home, sandboxExec });
  const hosts = Array.isArray(permissions.network) ? permissions.network : undefined;
  const socat = hosts ? findSystemTool("socat", world.env, world.systemPath) : undefined;
  if (hosts && !socat)
    throw new ConnectoryError(
      "sandbox.unavailable",
      `${request.connector} may reach only ${hosts.join(", ")}, and socat, which the sandbox needs to enforce that, is not installed`,
      {
        hint: "install socat (Debian/Ubuntu: `sudo apt-get install socat`; Fedora: `sudo dnf install socat`)",
      },
    );
  const proxy = hosts && !world.explainOnly ? await startFilterProxy(hosts, world.log) : undefined;
  try {
    const planned = bwrapLaunch(permissions, launch, {
      home,
      ...(bwrap ? { bwrap } : {}),
      ...(request.pluginRoot ? { pluginRoot: request.pluginRoot } : {}),
      // socat outside the system folders (a PATH of its own) must be visible inside to bridge the proxy.
      toolPaths: [...toolPaths(launch.command, world.env), ...(socat ? toolPaths(socat, world.env) : [])],
      ...(hosts ? { proxySocket: proxy?.socket ?? "/proxy.sock", ...(socat ? { socat } : {}) } : {}),
    });
    const { rules, ...sandboxed } = planned;
    const release = proxy ? { release: () => proxy.close() } : {};
    const spec = (permissions.network ?? "none") !== "any" ? npxPackage(launch) : undefined;
    if (spec) {
      // Fetched first in a sandbox of its own, with the network and nothing of the home but npm's
      // cache; the server then starts from the cache without network.
      const fetchLaunch = { ...launch, args: ["--yes", `--package=${spec}`, "--", "node", "-e", ""] };
      const fetcher = bwrapLaunch({ network: "any" }, fetchLaunch, {
        home,
        ...(bwrap ? { bwrap } : {}),
        toolPaths: toolPaths(launch.command, world.env),
      });
      rules.push({ kind: "network", why: `${spec} is fetched first, by npx alone, with the network` });
      return {
        launch: sandboxed,
        sandboxed: true,
        sandbox: "bubblewrap",
        rules,
        prefetch: fetcher,
        ...release,
      };
    }
    return { launch: sandboxed, sandboxed: true, sandbox: "bubblewrap", rules, ...release };
  } catch (error) {
    await proxy?.close();
    throw error;
  }
}

/**
 * macOS: the same permissions as a Seatbelt profile for sandbox-exec. Paths are resolved (Seatbelt
 * matches real paths: /var is /private/var), the launch gets a TMPDIR of its own, and a host list's
 * proxy listens on 127.0.0.1:<ephemeral>, the one address the profile lets the server connect to.
 * Untested on a real Mac (docs/security.md §9).
 */
async function planSeatbelt(
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
  const proxy =
    hosts && !world.explainOnly ? await startFilterProxy(hosts, world.log, { tcp: true }) : undefined;
  const release = async () => {
    await proxy?.close();
    if (!world.explainOnly) fs.rmSync(tmpdir, { recursive: true, force: true });
  };
  try {
    const facts: SeatbeltFacts = {
      home,
      tmpdir,
      sandboxExec,
      toolPaths: toolPaths(launch.command, world.env),
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
    const spec = (real.network ?? "none") !== "any" ? npxPackage(launch) : undefined;
    if (spec) {
      const fetchLaunch = { ...whole, args: ["--yes", `--package=${spec}`, "--", "node", "-e", ""] };
      planned.prefetch = seatbeltLaunch({ network: "any" }, fetchLaunch, {
        home,
        tmpdir,
        sandboxExec,
        toolPaths: facts.toolPaths ?? [],
      });
      rules.push({ kind: "network", why: `${spec} is fetched first, by npx alone, with the network` });
    }
    return planned;
  } catch (error) {
    await release();
    if (error instanceof ConnectoryError) throw error;
    throw new ConnectoryError("sandbox.path.invalid", `${request.connector}: ${(error as Error).message}`, {
      hint: "choose a folder whose path has no control characters (newlines, tabs)",
    });
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

/** `run --explain-sandbox`: the rules a server would run under, as text. */
export async function explainSandbox(
  server: { name: string; server: ServerSpec; sandbox?: SandboxRequest },
  ctx: {
    env: Record<string, string | undefined>;
    cwd: string;
    home: string;
    platform?: NodeJS.Platform;
    sandboxExec?: string;
  },
): Promise<string> {
  if (isRemote(server.server))
    return `${server.name} is a remote server: it runs elsewhere, so no local sandbox applies.`;
  const planned = await planLaunch(stdioLaunch(server.server, ctx), server.sandbox, {
    ...ctx,
    explainOnly: true,
  });
  if (!planned.sandboxed) return `${server.name} runs unsandboxed: ${planned.reason}.`;
  if (planned.sandbox === "sandbox-exec") {
    const lines = [`${server.name} runs in sandbox-exec (${planned.launch.command}) with these rules:`];
    for (const line of explainRules(planned.rules)) lines.push(`  ${line}`);
    lines.push("Everything else is denied. The Seatbelt profile (sandbox-exec -p):");
    for (const line of (planned.profile ?? "").split("\n")) lines.push(`  ${line}`);
    lines.push(
      "The command line:",
      `  ${[planned.launch.command, "-p", "<the profile>", ...planned.launch.args.slice(2)].join(" ")}`,
    );
    return lines.join("\n");
  }
  const lines = [`${server.name} runs in bubblewrap (${planned.launch.command}) with these rules:`];
  for (const line of explainRules(planned.rules)) lines.push(`  ${line}`);
  lines.push(
    "Everything else is hidden. The command line:",
    `  ${[planned.launch.command, ...planned.launch.args].join(" ")}`,
  );
  return lines.join("\n");
}

/** The install folder of a command found outside the system folders (e.g. ~/.nvm/versions/node/v20). */
function toolPaths(command: string, env: Record<string, string | undefined>): string[] {
  const found = command.includes("/") ? command : findOnPath(command, env);
  if (!found) return [];
  const real = safeRealpath(found);
  const out = new Set<string>();
  for (const p of [found, real]) {
    if (/^\/(usr|bin|sbin|lib|opt)(\/|$)/.test(p)) continue;
    // <prefix>/bin/<command>: the prefix holds its libraries (node's lib/node_modules, a venv's lib).
    const dir = path.dirname(p);
    out.add(path.basename(dir) === "bin" ? path.dirname(dir) : dir);
  }
  return [...out];
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

/** The first executable `name` on PATH (the system default when PATH is unset, as execvp does). */
export function findOnPath(name: string, env: Record<string, string | undefined>): string | undefined {
  for (const dir of (env["PATH"] ?? "/usr/bin:/bin").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function safeRealpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Read grants for the folders of a hand-written server's script (`node /opt/notes/server.js`,
 * `python ~/tools/x.py`): absolute paths to existing files among its command and arguments. Never the
 * home itself or a folder holding it, and nothing already granted.
 */
function scriptGrants(launch: StdioLaunch, home: string, perms: Permissions): FilesystemGrant[] {
  const out: FilesystemGrant[] = [];
  const granted = (p: string) =>
    [...(perms.filesystem ?? []), ...out].some((g) => p === g.path || p.startsWith(`${g.path}/`));
  for (const arg of [launch.command, ...launch.args]) {
    const value = arg.includes("=") && arg.startsWith("-") ? arg.slice(arg.indexOf("=") + 1) : arg;
    if (!path.isAbsolute(value) || !isFile(value)) continue;
    const dir = path.dirname(value);
    if (dir === home || `${home}/`.startsWith(`${dir}/`) || granted(dir)) continue;
    out.push({ path: dir, access: "read" });
  }
  return out;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
