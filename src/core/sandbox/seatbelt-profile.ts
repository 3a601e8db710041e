import { launcherCaches, offlineEnv, proxyEnv, type LaunchSpec, type SandboxedLaunch } from "./bwrap-args.js";
import { launchMounts, mountRule, systemRules, type SandboxRule } from "./sandbox-rules.js";
import type { Permissions } from "./permissions.js";

/**
 * macOS: the Seatbelt (SBPL) profile that `/usr/bin/sandbox-exec -p <profile>` runs a stdio server
 * under, with exactly its permissions. Pure: the caller (cli/sandbox/sandbox-launch.ts) finds the paths
 * (resolving symlinks, as Seatbelt matches real paths), makes the private TMPDIR and starts the proxy.
 *
 * NOT TESTED ON A REAL MAC: built from Apple's SBPL as Chromium and @anthropic-ai/sandbox-runtime use it,
 * tested here as text (test/core/sandbox/seatbelt-profile.test.ts).
 */
export interface SeatbeltFacts {
  /** The user's home: nothing of it is allowed but the grants below. */
  home: string;
  /** The connector's installed version folder: readable, never writable. */
  pluginRoot?: string;
  /** Folders holding the command outside the system folders (e.g. ~/.nvm/…): readable. */
  toolPaths?: string[];
  /** This launch's own temporary folder (read-write; TMPDIR names it). */
  tmpdir: string;
  /** A host allowlist's filtering proxy, listening on 127.0.0.1:<port> (cli/sandbox/sandbox-proxy.ts). */
  proxyPort?: number;
  /** The sandbox-exec binary (`/usr/bin/sandbox-exec`). */
  sandboxExec?: string;
  /** A launcher may use its registry (the fetch step): not told to stay offline. */
  online?: boolean;
}

export const SANDBOX_EXEC = "/usr/bin/sandbox-exec";

/**
 * A path as an SBPL string literal: `"` and `\` escaped, so no path can close the string and add
 * rules of its own; control characters (a newline…) are refused, not escaped (SBPL's reader has no
 * agreed spelling for them), as is anything not absolute.
 */
export function sbplString(value: string): string {
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new Error(
      `the path ${JSON.stringify(value)} holds a control character, which a sandbox rule cannot name`,
    );
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function sbplPath(value: string): string {
  if (!value.startsWith("/")) throw new Error(`the path ${JSON.stringify(value)} is not absolute`);
  return sbplString(value);
}

/** `/tmp`, `/var` and `/etc` are symlinks into `/private` on macOS: a rule names both spellings. */
export function pathVariants(p: string): string[] {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, "") : p;
  const out = [trimmed];
  if (/^\/(tmp|var|etc)(\/|$)/.test(trimmed)) out.push(`/private${trimmed}`);
  const m = /^\/private(\/(tmp|var|etc)(\/.*)?)$/.exec(trimmed);
  if (m) out.push(m[1] as string);
  return out;
}

/** System folders every program reads (and may map code from). */
const SYSTEM_DIRS = [
  "/usr",
  "/bin",
  "/sbin",
  "/System",
  "/Library/Apple",
  "/Library/Frameworks",
  "/Library/Developer/CommandLineTools",
  "/opt/homebrew",
  "/opt/local",
  "/private/var/db/timezone",
  "/private/var/select",
];
/** From /etc only what name resolution, TLS, users and time read. */
const ETC_FILES = [
  "/private/etc/hosts",
  "/private/etc/resolv.conf",
  "/private/etc/services",
  "/private/etc/protocols",
  "/private/etc/passwd",
  "/private/etc/group",
  "/private/etc/localtime",
  "/private/etc/ssl",
  // /etc/resolv.conf is a symlink to it.
  "/private/var/run/resolv.conf",
];
/** Mach services of libc itself: users and groups, the logger, TLS trust, the per-user temp folder. */
const MACH_SERVICES = [
  "com.apple.system.opendirectoryd.libinfo",
  "com.apple.system.opendirectoryd.membership",
  "com.apple.system.logger",
  "com.apple.logd",
  "com.apple.system.notification_center",
  "com.apple.trustd.agent",
  "com.apple.SecurityServer",
  "com.apple.bsd.dirhelper",
];
/** Only with `"network": "any"`: name resolution and network configuration. */
const NETWORK_MACH_SERVICES = ["com.apple.dnssd.service", "com.apple.SystemConfiguration.configd"];
const SYSCTL_NAMES = [
  "kern.hostname",
  "kern.maxfiles",
  "kern.maxfilesperproc",
  "kern.argmax",
  "kern.boottime",
  "kern.version",
  "kern.usrstack64",
  "vm.loadavg",
  "sysctl.proc_cputype",
];
const SYSCTL_PREFIXES = ["hw.", "kern.os", "machdep.cpu.", "kern.proc.pid."];

/** Every folder above `p`, and `/`: stat-able (not listable), so a program can walk to its grants. */
function ancestors(p: string): string[] {
  const out = ["/"];
  const parts = p.split("/").filter(Boolean);
  for (let i = 1; i < parts.length; i++) out.push(`/${parts.slice(0, i).join("/")}`);
  return out;
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir === "/" ? "/" : `${dir}/`);

/** The profile and the rules it enforces (for `run --explain-sandbox`). */
export function seatbeltProfile(
  perms: Permissions,
  launch: LaunchSpec,
  facts: SeatbeltFacts,
): { profile: string; rules: SandboxRule[] } {
  const network = perms.network ?? "none";
  const hosts = Array.isArray(network) ? network : undefined;
  if (hosts && facts.proxyPort === undefined)
    throw new Error(`its host allowlist (${hosts.join(", ")}) needs the filtering proxy's port`);
  if (
    facts.proxyPort !== undefined &&
    (!Number.isInteger(facts.proxyPort) || facts.proxyPort < 1 || facts.proxyPort > 65535)
  )
    throw new Error(`the proxy port ${facts.proxyPort} is not a TCP port`);
  const rules: SandboxRule[] = [];
  const out: string[] = [
    "(version 1)",
    "(deny default)",
    "; processes: its own and their children, which inherit this profile",
    "(allow process-exec process-fork)",
    "(allow process-info* (target same-sandbox))",
    "(allow signal (target same-sandbox))",
    `(allow sysctl-read ${[...SYSCTL_NAMES.map((n) => `(sysctl-name ${sbplString(n)})`), ...SYSCTL_PREFIXES.map((n) => `(sysctl-name-prefix ${sbplString(n)})`)].join(" ")})`,
    `(allow mach-lookup ${MACH_SERVICES.map((n) => `(global-name ${sbplString(n)})`).join(" ")})`,
    "(allow ipc-posix-shm ipc-posix-sem)",
    "; devices",
    '(allow file-read* file-write-data file-ioctl (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper"))',
    '(allow file-read* (literal "/dev/random") (literal "/dev/urandom"))',
    '(allow file-read* file-write-data (literal "/dev/stdin") (literal "/dev/stdout") (literal "/dev/stderr") (subpath "/dev/fd"))',
  ];
  rules.push({
    kind: "process",
    why: "its processes inherit the profile; no other process can be signalled or inspected",
    code: "seatbelt-process",
  });

  out.push("; network");
  if (network === "any") {
    out.push("(allow network*)");
    out.push(
      `(allow mach-lookup ${NETWORK_MACH_SERVICES.map((n) => `(global-name ${sbplString(n)})`).join(" ")})`,
    );
    rules.push({ kind: "network", why: "any host (declared network: any)", code: "seatbelt-network-any" });
  } else if (hosts) {
    out.push("(deny network*)");
    out.push(`(allow network-outbound (remote ip "localhost:${facts.proxyPort}"))`);
    rules.push({
      kind: "network",
      why: `only ${hosts.join(", ")}: the one connection allowed is to localhost:${facts.proxyPort}, HTTP(S)_PROXY (a filtering proxy in Connectory) refuses every other host`,
      code: "seatbelt-network-hosts",
      params: { hosts: hosts.join(", "), port: String(facts.proxyPort) },
    });
  } else {
    out.push("(deny network*)");
    rules.push({
      kind: "network",
      why: "none: no socket may connect or listen, loopback and unix sockets included",
      code: "seatbelt-network-none",
    });
  }

  const readable = launchMounts(launch, facts, launcherCaches(launch.command, launch.env, facts.home));
  readable.push({
    path: facts.tmpdir,
    write: true,
    why: "this launch's own TMPDIR, removed when it ends",
    code: "seatbelt-tmpdir",
  });
  for (const g of perms.filesystem ?? [])
    readable.push({
      path: g.path,
      write: g.access === "read-write",
      why: "declared in permissions",
      code: "declared",
    });

  out.push("; system: read, and code mapped from it");
  const subpaths = (paths: string[]) =>
    paths
      .flatMap(pathVariants)
      .map((p) => `(subpath ${sbplPath(p)})`)
      .join(" ");
  out.push(`(allow file-read* file-map-executable ${subpaths(SYSTEM_DIRS)})`);
  out.push(
    `(allow file-read* ${ETC_FILES.flatMap(pathVariants)
      .map((p) => `(subpath ${sbplPath(p)})`)
      .join(" ")})`,
  );
  rules.push(...systemRules(SYSTEM_DIRS));
  rules.push({
    kind: "private",
    path: facts.home,
    why: "nothing of it but the rules below",
    code: "seatbelt-home",
  });

  out.push("; the paths of this server");
  for (const r of readable) {
    const ops = r.write ? "file-read* file-write* file-map-executable" : "file-read* file-map-executable";
    out.push(`(allow ${ops} ${subpaths([r.path])})`);
    rules.push(mountRule(r));
  }
  // A read-only folder inside a writable one stays read-only (as bwrap's later read-only bind does).
  for (const r of readable.filter((x) => !x.write))
    if (readable.some((w) => w.write && w.path !== r.path && within(r.path, w.path)))
      out.push(`(deny file-write* ${subpaths([r.path])})`);
  const walk = new Set<string>();
  for (const r of [...readable.map((x) => x.path), launch.cwd]) for (const a of ancestors(r)) walk.add(a);
  out.push("; the folders above them: their metadata only, so paths resolve");
  out.push(
    `(allow file-read-metadata ${[...walk]
      .flatMap(pathVariants)
      .map((p) => `(literal ${sbplPath(p)})`)
      .join(" ")})`,
  );
  return { profile: out.join("\n"), rules };
}

/** The sandbox-exec command line that runs `launch` with exactly `perms` (the environment is passed as is). */
export function seatbeltLaunch(
  perms: Permissions,
  launch: LaunchSpec,
  facts: SeatbeltFacts,
): SandboxedLaunch {
  const { profile, rules } = seatbeltProfile(perms, launch, facts);
  const network = perms.network ?? "none";
  const visible = [facts.pluginRoot, facts.tmpdir, ...(perms.filesystem ?? []).map((g) => g.path)].some(
    (p) => p !== undefined && within(launch.cwd, p),
  );
  return {
    command: facts.sandboxExec ?? SANDBOX_EXEC,
    args: ["-p", profile, launch.command, ...launch.args],
    env: {
      ...launch.env,
      TMPDIR: facts.tmpdir,
      ...(network !== "any" && !facts.online ? offlineEnv(launch.command) : {}),
      ...(Array.isArray(network) ? proxyEnv(facts.proxyPort) : {}),
    },
    cwd: visible ? launch.cwd : (facts.pluginRoot ?? "/"),
    rules,
  };
}
