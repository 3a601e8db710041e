import { spawn } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { runCli } from "../../cli/main.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = path.join(ROOT, "bin/connectory.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  home: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  fetch?: typeof fetch;
  stdin?: string;
  now?: () => Date;
}

/**
 * Runs the CLI in-process, with its own home and a captured stdout/stderr. HOME defaults to a folder
 * inside that home, so a user-scope write (host files, skills folders) never reaches the real ~.
 */
export async function cli(argv: string[], options: CliOptions): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd: options.cwd ?? options.home,
    home: options.home,
    env: {
      CONNECTORY_HOME: options.home,
      HOME: path.join(options.home, "user-home"),
      NO_COLOR: "1",
      // The file unless a test asks for the keychain: tests never reach the keychain of the person running them.
      CONNECTORY_CREDENTIAL_STORE: "file",
      ...options.env,
    },
    stdout: { write: (s: string) => (stdout += s), isTTY: false },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    stdin: Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), { isTTY: false }),
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? (() => new Date()),
    version: "0.0.0-test",
  });
  return { code, stdout, stderr };
}

/** Spawns the built binary (`npm run build` runs before the tests). */
export function spawnCli(
  argv: string[],
  options: { home: string; cwd?: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd: options.cwd ?? options.home,
      env: {
        ...process.env,
        CONNECTORY_HOME: options.home,
        NO_COLOR: "1",
        CONNECTORY_CREDENTIAL_STORE: "file",
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 30_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}
