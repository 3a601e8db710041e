import { cleanGrantPath, holds } from "./grant-paths.js";
import type { Permissions } from "./permissions.js";
import { launchMounts, mountRule, systemRules, type SandboxRule } from "./sandbox-rules.js";

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
  /** A host allowlist's filtering proxy: its unix socket on the host (cli/sandbox/sandbox-proxy.ts). */
  proxySocket?: string;
  /** socat, which bridges the proxy's socket to 127.0.0.1:PROXY_PORT inside the sandbox. */
  socat?: string;
  /** A launcher may use its registry (the fetch step): not told to stay offline. */
  online?: boolean;
}

/** Where the filtering proxy answers inside a sandbox with a host allowlist (its own network namespace). */
export const PROXY_PORT = 3128;
/** Where its socket is mounted inside the sandbox (the private /tmp). */
const PROXY_SOCKET = "/tmp/.connectory-proxy.sock";

/**
 * Inside the sandbox: socat listens on 127.0.0.1:PROXY_PORT and forwards to the proxy's socket; the
 * server starts once it listens (read from /proc/net/tcp, at most ~2 s), as `exec`, so it keeps its
 * stdin and stdout and socat (which never touches them) ends with the sandbox.
 */
function proxyWrapper(socat: string): string {
  const hex = PROXY_PORT.toString(16).toUpperCase().padStart(4, "0");
  return [
    `${socat} TCP-LISTEN:${PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${PROXY_SOCKET} </dev/null >/dev/null 2>&1 &`,
    `i=0; while [ $i -lt 200 ] && ! grep -q ':${hex} 00000000:0000 0A' /proc/net/tcp 2>/dev/null; do sleep 0.01; i=$((i+1)); done`,
    'exec "$0" "$@"',
  ].join("\n");
}

/** What a server behind the proxy is told: every usual spelling of "use this proxy" (none to skip it). */
export function proxyEnv(port = PROXY_PORT): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    npm_config_proxy: url,
    npm_config_https_proxy: url,
    // Node 24+ fetch and http honor the variables above only when told to.
    NODE_USE_ENV_PROXY: "1",
    // Inherited exceptions would send those hosts around the proxy, where there is no network.
    NO_PROXY: "",
    no_proxy: "",
    ALL_PROXY: "",
    all_proxy: "",
  };
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
export function offlineEnv(command: string): Record<string, string> {
  const name = command.split("/").pop() ?? command;
  if (name === "npx" || name === "npm") return { npm_config_offline: "true" };
  if (name === "uvx" || name === "uv") return { UV_OFFLINE: "1" };
  return {};
}

/**
 * The bubblewrap command line that runs `launch` with exactly `perms`: every namespace unshared (the
 * network too unless `any`), system folders read-only, a private /tmp, /proc and /dev, the home hidden
 * but for the grants, the plugin folder read-only and a launcher's caches writable; the sandbox dies
 * with its parent and takes every process it started with it. The environment is passed through the
 * process (not `--setenv`), so credentials never appear in the arguments `ps` shows.
 */
export function bwrapLaunch(perms: Permissions, launch: LaunchSpec, facts: SandboxFacts): SandboxedLaunch {
  const network = perms.network ?? "none";
  const hosts = Array.isArray(network) ? network : undefined;
  if (hosts && (!facts.proxySocket || !facts.socat))
    throw new Error(
      `its host allowlist (${hosts.join(", ")}) needs socat, which bridges the filtering proxy into the sandbox`,
    );
  const args = ["--unshare-all", "--die-with-parent", "--new-session"];
  const rules: SandboxRule[] = [];
  if (network === "any") {
    args.push("--share-net");
    // The host's network namespace: abstract unix sockets (X11 `@/tmp/.X11-unix/X0`, D-Bus) are in it.
    rules.push({
      kind: "network",
      why: "any host, and abstract unix sockets such as X11 and D-Bus (declared network: any: the host's network namespace)",
      code: "network-any",
    });
  } else if (hosts)
    rules.push({
      kind: "network",
      why: `only ${hosts.join(", ")}: no network of its own, HTTP(S)_PROXY=http://127.0.0.1:${PROXY_PORT} (a filtering proxy in Connectory) refuses every other host`,
      code: "network-hosts",
      params: { hosts: hosts.join(", "), port: String(PROXY_PORT) },
    });
  else
    rules.push({
      kind: "network",
      why: "none: a private network namespace with only loopback",
      code: "network-none",
    });

  for (const dir of SYSTEM_DIRS) args.push("--ro-bind-try", dir, dir);
  for (const file of ETC_FILES) args.push("--ro-bind-try", file, file);
  rules.push(...systemRules(SYSTEM_DIRS));
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp");
  if (hosts) args.push("--bind", facts.proxySocket as string, PROXY_SOCKET);
  rules.push({
    kind: "private",
    path: "/tmp /proc /dev",
    why: "empty, this sandbox's own",
    code: "private-tmp",
  });
  rules.push({
    kind: "process",
    why: "own pid namespace; killed with its parent; no terminal",
    code: "process",
  });
  const mounts = launchMounts(launch, facts, launcherCaches(launch.command, launch.env, facts.home));
  for (const g of perms.filesystem ?? [])
    mounts.push({
      path: g.path,
      write: g.access === "read-write",
      why: "declared in permissions",
      code: "declared",
    });
  for (const m of mounts) {
    const problem = mountProblem(m.path, facts.home, m.code === "declared");
    if (problem) throw new Error(`${problem}: the sandbox does not mount it (${m.why})`);
  }
  // Parents first, so a grant inside a read-only folder is bound on top of it.
  mounts.sort((a, b) => a.path.split("/").length - b.path.split("/").length);
  // The home is an empty read-only folder (remounted so once the grants inside it have their mount
  // points): writing "outside the grants" fails instead of landing in a throwaway copy.
  const homeGranted = mounts.some((m) => m.path === facts.home);
  if (!homeGranted) {
    args.push("--tmpfs", facts.home);
    rules.push({
      kind: "private",
      path: facts.home,
      why: "empty and read-only but for the rules below",
      code: "home",
    });
  }
  for (const m of mounts) {
    // Caches may not exist yet; grants and the plugin folder must (the caller checks, to say so clearly).
    const cache = m.code === "cache";
    args.push(m.write ? (cache ? "--bind-try" : "--bind") : "--ro-bind", m.path, m.path);
    rules.push(mountRule(m));
  }
  const visible = mounts.some((m) => launch.cwd === m.path || launch.cwd.startsWith(`${m.path}/`));
  const cwd = visible ? launch.cwd : (facts.pluginRoot ?? "/");
  if (!homeGranted) args.push("--remount-ro", facts.home);
  args.push("--remount-ro", "/", "--chdir", cwd, "--");
  if (hosts) args.push("/bin/sh", "-c", proxyWrapper(facts.socat as string));
  args.push(launch.command, ...launch.args);
  return {
    command: facts.bwrap ?? "bwrap",
    args,
    env: {
      ...launch.env,
      TMPDIR: "/tmp",
      ...(network !== "any" && !facts.online ? offlineEnv(launch.command) : {}),
      ...(hosts ? proxyEnv() : {}),
    },
    cwd,
    rules,
  };
}

/**
 * The last guard before a mount (grant-paths.ts checks and explains first): every path in its clean
 * absolute spelling; only a declared grant may be `/` or hold the home (the consent showed it so).
 */
function mountProblem(p: string, home: string, declared: boolean): string | undefined {
  const clean = cleanGrantPath(p);
  if ("invalid" in clean || clean.path !== p || !p.startsWith("/"))
    return `${JSON.stringify(p)} is not a clean absolute path`;
  if (!declared && holds(p, home)) return `${p} is / or holds the home`;
  return undefined;
}
