import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { StdioServer } from "../../src/core/types.js";

/** How to start a stdio server: no shell, an explicit environment, an absolute working folder. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

// THE RULE, for every path that starts a server (run, inspect, doctor, tools, trust): the child gets
// a minimal environment taken from ours, plus the server's own `env` (where its credentials are).
//
// Why not the user's whole environment, which hosts like Claude Code pass to their servers?
// - Least privilege: a connector is third-party code. A shell environment routinely holds
//   AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, OPENAI_API_KEY…; a connector should see only the credentials
//   its token-schema declares, which Connectory puts in `env` itself.
// - One server, whoever starts it: `connectory run` inherits whatever its host was started with
//   (Claude Desktop on macOS gets launchd's bare environment, a terminal host gets the shell's). With
//   the whole environment, `doctor` would judge a different process than the one each host runs.
//   With a minimal one, `doctor`, `inspect` and every host launch the same server.
// - It is the MCP SDK's default (getDefaultEnvironment(), a sudo-like list) and Claude Desktop's.
// What we keep beyond the SDK's list is what a well-behaved server needs to reach the network and
// format text like the user's terminal: locale, time zone, temp folder, proxy and CA settings, and
// the XDG base folders (so npx/uvx find the same caches). A server that needs anything else declares
// it in its own `env` (a connector through token-schema, a hand-written server in mcp.json).
const POSIX_NAMES = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "TMPDIR", "TZ"];
const WINDOWS_NAMES = [
  "APPDATA",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROGRAMFILES",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "TMP",
  "USERNAME",
  "USERPROFILE",
  "COMSPEC",
  "WINDIR",
];
const SHARED_PATTERNS = [
  /^LC_[A-Z]+$/,
  /^(HTTPS?|NO|ALL)_PROXY$/i,
  /^NODE_EXTRA_CA_CERTS$/,
  /^SSL_CERT_(FILE|DIR)$/,
  /^XDG_(CONFIG|CACHE|DATA|STATE|RUNTIME)_(HOME|DIR)$/,
];

/**
 * The environment a stdio server is started with: the inherited minimal set (see the rule above) from
 * `env`, then the server's own `env` on top. Values that look like exported shell functions are dropped.
 */
export function childEnv(
  spec: StdioServer,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const windows = platform === "win32";
  const names = new Set(windows ? WINDOWS_NAMES : POSIX_NAMES);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value.startsWith("()")) continue;
    // Windows variable names are case-insensitive ("Path" is PATH).
    const name = windows ? key.toUpperCase() : key;
    if (names.has(name) || SHARED_PATTERNS.some((p) => p.test(name))) out[key] = value;
  }
  return { ...out, ...(spec.env ?? {}) };
}

/** A stdio server's launch: its command and args as written, `cwd` resolved against `world.cwd`. */
export function stdioLaunch(
  spec: StdioServer,
  world: { env: Record<string, string | undefined>; cwd: string },
): StdioLaunch {
  return {
    command: spec.command,
    args: spec.args ?? [],
    env: childEnv(spec, world.env),
    cwd: path.resolve(world.cwd, spec.cwd ?? "."),
  };
}

/** True when a rendered secret appears in the arguments (where `ps` shows it to other local users). */
export function secretInArgs(args: readonly string[], secretValues: readonly string[]): boolean {
  return args.some((a) => secretValues.some((s) => s !== "" && a.includes(s)));
}

/** Starts a launch's process: never through a shell, no console window on Windows; `stdin` piped or not. */
export function spawnLaunch(launch: StdioLaunch, stdin: "pipe" | "ignore"): ChildProcess {
  return spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: launch.env,
    stdio: [stdin, "pipe", "pipe"],
    shell: false,
    windowsHide: true,
  });
}
