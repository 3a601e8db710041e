import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BIN as CONNECTORY_BIN, ROOT } from "./cli.js";

// The real MCP hosts (issue 25): Claude Code, Codex CLI and Gemini CLI at the versions pinned in
// test/hosts/package.json + package-lock.json, installed there by `.ci/services` (never by the root
// `npm ci`: Claude Code's native binary alone is ~370 MB). Without them the host tests skip, saying so.

// From dist/ (the compiled bench/hosts.ts imports this helper) the checkout is one folder further up.
export const HOSTS_DIR = [path.join(ROOT, "test/hosts"), path.join(ROOT, "..", "test/hosts")].find((d) =>
  existsSync(path.join(d, "package.json")),
) as string;
const BIN_DIR = path.join(HOSTS_DIR, "node_modules/.bin");

export type RealHost = "claude" | "codex" | "gemini";

/** Why the real hosts cannot run here, or undefined when all three are installed. */
export function realHostsMissing(): string | undefined {
  const missing = (["claude", "codex", "gemini"] as const).filter((b) => !existsSync(path.join(BIN_DIR, b)));
  if (missing.length === 0) return undefined;
  const why = `real hosts missing (${missing.join(", ")}): run .ci/services, or \`npm ci --prefix test/hosts\`; these tests skip`;
  console.warn(why);
  return why;
}

export interface HostRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment a host runs in: a temp HOME, this checkout's hosts and node first on PATH, nothing of
 * the person running the tests (no API keys, no npm token), and every telemetry and update check off.
 */
export function hostEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: home,
    PATH: [BIN_DIR, path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter),
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    TERM: "dumb",
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    GEMINI_CLI_NO_RELAUNCH: "true",
    npm_config_update_notifier: "false",
    npm_config_cache: path.join(home, ".npm"),
    ...extra,
  };
}

/** Runs one host command to its end (stdin closed unless `input`), with the home's environment. */
export function runHost(
  host: RealHost | "npm",
  args: string[],
  options: { home: string; cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number },
): Promise<HostRun> {
  const file = host === "npm" ? "npm" : path.join(BIN_DIR, host);
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      {
        cwd: options.cwd ?? options.home,
        env: hostEnv(options.home, options.env),
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        // A host that could not start, or was killed, says so where its stderr would be.
        const why = error && typeof error.code !== "number" ? `\n[${host}: ${error.message}]` : "";
        resolve({ code, stdout: String(stdout), stderr: String(stderr) + why });
      },
    );
    // A host that exits before reading its input (one that cannot start) closes the pipe: its exit code
    // and stderr tell why, so the write's EPIPE is not a second, uncaught error.
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.input ?? "");
  });
}

/**
 * A temp HOME for a whole suite (removed by `remove`), whose default npm registry is `registry`: Claude
 * Code fetches an npm plugin only from an https registry or the user's default one.
 */
export async function hostHome(registry?: string): Promise<{ home: string; remove(): Promise<void> }> {
  const home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-host-")));
  if (registry) await fs.writeFile(path.join(home, ".npmrc"), `registry=${registry}\n`);
  return { home, remove: () => fs.rm(home, { recursive: true, force: true }) };
}

/** Gemini CLI refuses to act in an untrusted folder: trust these, as `/permissions` would. */
export async function trustGeminiFolders(home: string, folders: string[]): Promise<void> {
  await fs.mkdir(path.join(home, ".gemini"), { recursive: true });
  const trusted = Object.fromEntries(folders.map((f) => [f, "TRUST_FOLDER"]));
  await fs.writeFile(path.join(home, ".gemini/trustedFolders.json"), JSON.stringify(trusted));
}

/** Every file under `dir` whose text contains `secret` (relative paths): where a host left a secret. */
export async function filesHolding(dir: string, secret: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await fs.readdir(at, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && (await fs.readFile(full, "utf8").catch(() => "")).includes(secret))
        out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out;
}

/**
 * An environment for runHost with this checkout's `connectory` first on PATH, as a script that records
 * each call's arguments (one line each, read by `calls()`) and then runs bin/connectory.js, with a
 * Connectory home of its own inside `home`.
 */
export async function connectoryOnPath(
  home: string,
): Promise<{ env: Record<string, string>; calls(): Promise<string> }> {
  const bin = path.join(home, "with-connectory");
  await fs.mkdir(bin, { recursive: true });
  const log = path.join(home, "connectory-calls.log");
  await fs.writeFile(
    path.join(bin, "connectory"),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${process.execPath}' '${CONNECTORY_BIN}' "$@"\n`,
    { mode: 0o755 },
  );
  return {
    env: {
      PATH: [bin, hostEnv(home)["PATH"]].join(path.delimiter),
      CONNECTORY_HOME: path.join(home, ".connectory"),
      CONNECTORY_CREDENTIAL_STORE: "file",
    },
    calls: () => fs.readFile(log, "utf8").catch(() => ""),
  };
}
