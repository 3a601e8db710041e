// CPU time of a spawned CLI run, steadier than wall time on a shared machine: a `-r` preload reports
// the process's user+system time (every thread: V8's compiler and GC threads too) on fd 3 at exit.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";

const REPORTER = `process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  try { require("node:fs").writeSync(3, String((user + system) / 1000)); } catch {}
});
`;

/** Writes the preload into `dir`; spawn `node -r <it> <script>` with a pipe as fd 3 (see cpuMs). */
export async function writeCpuReporter(dir: string): Promise<string> {
  const file = path.join(dir, "cpu-reporter.cjs");
  await fs.writeFile(file, REPORTER);
  return file;
}

/** The CPU milliseconds a child reported on fd 3, or NaN when it did not. */
export function cpuMs(fd3: string | Buffer | null | undefined): number {
  const ms = Number(String(fd3 ?? "").trim());
  return String(fd3 ?? "").trim() === "" ? Number.NaN : ms;
}

/** One spawned run's wall time, CPU time (as cpuMs), exit code and stderr. */
export interface TimedRun {
  ms: number;
  cpu: number;
  code: number;
  stderr: string;
}

/**
 * Spawns `node -r <reporter> ...args` (asynchronously, so a registry in this process can answer it) and
 * measures it: wall time from spawn to close, and the CPU time the reporter sends on fd 3.
 */
export function timedNode(
  reporter: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["-r", reporter, ...args], {
      env: options.env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let cpu = "";
    child.stderr!.on("data", (d) => (stderr += d));
    child.stdio[3]!.on("data", (d) => (cpu += d));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({
        ms: Number(process.hrtime.bigint() - start) / 1e6,
        cpu: cpuMs(cpu),
        code: code ?? -1,
        stderr,
      }),
    );
  });
}

/** The median of a non-empty list. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
