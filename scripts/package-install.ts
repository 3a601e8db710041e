/**
 * What the smoke test (scripts/smoke-packages.ts) and the bench (bench/packages.ts) do with a package
 * folder: pack it, install the tarball into an empty prefix as a user would (`npm i -g --prefix`), and
 * measure what landed; and start an installed registry on a free port.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";

/** The result of one command: exit code, output, wall and CPU time (user+system of the whole tree). */
export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/** Runs a command to completion; never throws on a non-zero exit (callers check `code`). */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      resolve({ code, signal, stdout, stderr, wallMs: performance.now() - started }),
    );
  });
}

/** Throws, with the command's output, unless it exited 0. */
export function check(what: string, r: Ran): Ran {
  if (r.code !== 0)
    throw new Error(
      `${what} failed (exit ${r.code ?? r.signal}):\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`,
    );
  return r;
}

/** `npm pack <dir>` into `dest`; returns the tarball's path. Fails on any npm warning (e.g. a `prepare` script). */
export async function packPackage(dir: string, dest: string): Promise<string> {
  const r = check(
    `npm pack ${dir}`,
    await run("npm", ["pack", dir, "--pack-destination", dest, "--json", "--loglevel", "warn"]),
  );
  if (/npm warn/i.test(r.stderr)) throw new Error(`npm pack ${dir} warned:\n${r.stderr}`);
  const [{ filename }] = JSON.parse(r.stdout) as [{ filename: string }];
  return path.join(dest, filename);
}

/** What an install put on disk and how long it took. */
export interface Installed {
  name: string;
  prefix: string;
  /** The package's folder: <prefix>/lib/node_modules/<name>. */
  dir: string;
  bin: string;
  tarballBytes: number;
  /** Disk usage of the whole prefix (allocated blocks, as `du` counts). */
  diskBytes: number;
  /** Regular files under the package's folder, its dependencies included. */
  files: number;
  /** Packages npm reported adding. */
  added: number;
  installMs: number;
}

/**
 * `npm i -g --prefix <prefix> <tarball>` into a new, empty prefix; measures the result. `allowScripts`
 * names the dependencies whose install scripts may run (npm 11 warns about, and will refuse, others).
 * `global: false` installs into `<prefix>/node_modules` as a project dependency instead: the only way
 * `--omit=optional` is honoured (npm 11 installs a global package's optional dependencies regardless).
 */
export async function installTarball(
  tarball: string,
  prefix: string,
  name: string,
  bin: string,
  allowScripts: string[] = [],
  extraArgs: string[] = [],
  global = true,
): Promise<Installed> {
  await fs.mkdir(prefix, { recursive: true });
  if ((await fs.readdir(prefix)).length > 0) throw new Error(`${prefix} is not empty`);
  const r = check(
    `npm i -g ${path.basename(tarball)}`,
    await run("npm", [
      "install",
      ...(global ? ["--global"] : []),
      "--prefix",
      prefix,
      "--no-audit",
      "--no-fund",
      "--loglevel",
      "warn",
      ...(allowScripts.length > 0 ? [`--allow-scripts=${allowScripts.join(",")}`] : []),
      ...extraArgs,
      tarball,
    ]),
  );
  const dir = global
    ? path.join(prefix, "lib", "node_modules", name)
    : path.join(prefix, "node_modules", name);
  const { files } = await usage(dir);
  return {
    name,
    prefix,
    dir,
    bin: global ? path.join(prefix, "bin", bin) : path.join(prefix, "node_modules", ".bin", bin),
    tarballBytes: (await fs.stat(tarball)).size,
    diskBytes: (await usage(prefix)).diskBytes,
    files,
    added: Number(/added (\d+) package/.exec(r.stdout)?.[1] ?? Number.NaN),
    installMs: r.wallMs,
  };
}

async function usage(dir: string): Promise<{ files: number; diskBytes: number }> {
  let files = 0;
  let diskBytes = 0;
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const stat = await fs.lstat(path.join(entry.parentPath, entry.name));
    diskBytes += stat.blocks * 512;
    if (entry.isFile()) files += 1;
  }
  return { files, diskBytes };
}

/** A registry process started by this script. */
export interface StartedRegistry {
  url: string;
  /** Output so far (for error messages). */
  output(): string;
  /** SIGTERM; resolves with the exit code once it has exited (throws after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** Spawns a registry command and resolves once it prints "listening on <url>" (throws after `timeoutMs`). */
export function startRegistry(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<StartedRegistry> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the registry did not start within ${options.timeoutMs ?? 60_000} ms:\n${out}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({
        url: match[1]!,
        output: () => out,
        stop: async (timeoutMs = 10_000) => {
          child.kill("SIGTERM");
          let late: NodeJS.Timeout | undefined;
          const code = await Promise.race([
            exited,
            new Promise<never>((_, fail) => {
              late = setTimeout(() => {
                child.kill("SIGKILL");
                fail(new Error(`the registry did not exit within ${timeoutMs} ms of SIGTERM`));
              }, timeoutMs);
            }),
          ]);
          clearTimeout(late);
          return code;
        },
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (d: Buffer) => (out += d));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the registry exited (code ${code}) before listening:\n${out}`));
    });
  });
}
