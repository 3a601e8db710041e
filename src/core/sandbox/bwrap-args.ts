import type { Permissions } from "./permissions.js";

/** A stdio launch as child-env.ts builds it (repeated here: src/core imports nothing from cli/). */
export interface LaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** What the sandbox needs to know about the machine, found by the caller (this file does no I/O). */
export interface SandboxFacts {
  /** The user's home: hidden inside the sandbox except what is granted. */
  home: string;
  /** The connector's installed version folder (`${PLUGIN_ROOT}`): readable, never writable. */
  pluginRoot?: string;
  /** Folders holding the command outside the system folders (e.g. ~/.nvm/…/bin/..): readable. */
  toolPaths?: string[];
  /** The bwrap binary. */
  bwrap?: string;
}

/** One rule, for `run --explain-sandbox`. */
export interface SandboxRule {
  kind: "read" | "read-write" | "private" | "network" | "process";
  path?: string;
  why: string;
}

export interface SandboxedLaunch extends LaunchSpec {
  rules: SandboxRule[];
}

/** The system folders every program needs, read-only (`-try`: a machine may lack some). */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt"];
/** From /etc only what name resolution, TLS, users, time and the loader read. */
const ETC_FILES = [
  "/etc/alternatives",
  "/etc/ca-certificates",
  "/etc/crypto-policies",
  "/etc/gai.conf",
  "/etc/group",
  "/etc/host.conf",
  "/etc/hosts",
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/localtime",
  "/etc/mime.types",
  "/etc/nsswitch.conf",
  "/etc/os-release",
  "/etc/passwd",
  "/etc/pki",
  "/etc/resolv.conf",
  "/etc/ssl",
];

/** The caches a package-manager launcher writes to (and nothing else of the home). */
export function launcherCaches(command: string, env: Record<string, string>, home: string): string[] {
  const name = command.split("/").pop() ?? command;
  const xdgCache = env["XDG_CACHE_HOME"] || `${home}/.cache`;
  if (name === "npx" || name === "npm") return [env["npm_config_cache"] || `${home}/.npm`];
  if (name === "uvx" || name === "uv")
    return [env["UV_CACHE_DIR"] || `${xdgCache}/uv`, `${env["XDG_DATA_HOME"] || `${home}/.local/share`}/uv`];
  return [];
}

/**
 * Without network a launcher can only start what its cache holds: npm and uv are told so (they fail at
 * once with "not in the cache" instead of retrying a registry they cannot reach).
 */
function offlineEnv(command: string): Record<string, string> {
  const name = command.split("/").pop() ?? command;
  if (name === "npx" || name === "npm") return { npm_config_offline: "true" };
  if (name === "uvx" || name === "uv") return { UV_OFFLINE: "1" };
  return {};
}

/**
 * The package an `npx` launch runs (`npx -y @scope/pkg@1.2.3 args…` → `@scope/pkg@1.2.3`), fetched
 * into the cache before a network-less start; undefined for anything else.
 */
export function npxPackage(launch: Pick<LaunchSpec, "command" | "args">): string | undefined {
  if ((launch.command.split("/").pop() ?? "") !== "npx") return undefined;
  return launch.args.find((a) => !a.startsWith("-"));
}

/** Thrown for permissions the sandbox cannot enforce (yet): starting unconfined instead would lie. */
export class UnenforceableError extends Error {}

/**
 * The bubblewrap command line that runs `launch` with exactly `perms`: every namespace unshared (the
 * network too unless `any`), system folders read-only, a private /tmp, /proc and /dev, the home hidden
 * but for the grants, the plugin folder read-only and a launcher's caches writable; the sandbox dies
 * with its parent and takes every process it started with it. The environment is passed through the
 * process (not `--setenv`), so credentials never appear in the arguments `ps` shows.
 */
export function bwrapLaunch(perms: Permissions, launch: LaunchSpec, facts: SandboxFacts): SandboxedLaunch {
  const network = perms.network ?? "none";
  if (Array.isArray(network))
    throw new UnenforceableError(
      `host allowlists are not supported yet (this server declares ${network.join(", ")})`,
    );
  const args = ["--unshare-all", "--die-with-parent", "--new-session"];
  const rules: SandboxRule[] = [];
  if (network === "any") {
    args.push("--share-net");
    rules.push({ kind: "network", why: "any host (declared network: any)" });
  } else rules.push({ kind: "network", why: "none: a private network namespace with only loopback" });

  for (const dir of SYSTEM_DIRS) args.push("--ro-bind-try", dir, dir);
  for (const file of ETC_FILES) args.push("--ro-bind-try", file, file);
  rules.push({ kind: "read", path: SYSTEM_DIRS.join(" "), why: "system programs and libraries" });
  rules.push({ kind: "read", path: "/etc (selected files)", why: "name resolution, TLS, users, time" });
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp");
  rules.push({ kind: "private", path: "/tmp /proc /dev", why: "empty, this sandbox's own" });
  rules.push({ kind: "process", why: "own pid namespace; killed with its parent; no terminal" });
  const mounts: Array<{ path: string; write: boolean; why: string }> = [];
  for (const p of facts.toolPaths ?? []) mounts.push({ path: p, write: false, why: "the server's command" });
  if (facts.pluginRoot) mounts.push({ path: facts.pluginRoot, write: false, why: "the connector's files" });
  for (const p of launcherCaches(launch.command, launch.env, facts.home))
    mounts.push({ path: p, write: true, why: `${launch.command}'s cache` });
  for (const g of perms.filesystem ?? [])
    mounts.push({ path: g.path, write: g.access === "read-write", why: "declared in permissions" });
  // Parents first, so a grant inside a read-only folder is bound on top of it.
  mounts.sort((a, b) => a.path.split("/").length - b.path.split("/").length);
  // The home is an empty read-only folder (remounted so once the grants inside it have their mount
  // points): writing "outside the grants" fails instead of landing in a throwaway copy.
  const homeGranted = mounts.some((m) => m.path === facts.home);
  if (!homeGranted) {
    args.push("--tmpfs", facts.home);
    rules.push({ kind: "private", path: facts.home, why: "empty and read-only but for the rules below" });
  }
  for (const m of mounts) {
    // Caches may not exist yet; grants and the plugin folder must (the caller checks, to say so clearly).
    const cache = m.why.endsWith("'s cache");
    args.push(m.write ? (cache ? "--bind-try" : "--bind") : "--ro-bind", m.path, m.path);
    rules.push({ kind: m.write ? "read-write" : "read", path: m.path, why: m.why });
  }
  const visible = mounts.some((m) => launch.cwd === m.path || launch.cwd.startsWith(`${m.path}/`));
  const cwd = visible ? launch.cwd : (facts.pluginRoot ?? "/");
  if (!homeGranted) args.push("--remount-ro", facts.home);
  args.push("--remount-ro", "/", "--chdir", cwd, "--", launch.command, ...launch.args);
  return {
    command: facts.bwrap ?? "bwrap",
    args,
    env: { ...launch.env, TMPDIR: "/tmp", ...(network === "none" ? offlineEnv(launch.command) : {}) },
    cwd,
    rules,
  };
}

/** The rules as lines of text. */
export function explainRules(rules: readonly SandboxRule[]): string[] {
  return rules.map((r) => `${r.kind.padEnd(10)} ${r.path ? `${r.path}: ` : ""}${r.why}`);
}
