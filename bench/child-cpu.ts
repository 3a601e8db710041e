// CPU time of a spawned CLI run, steadier than wall time on a shared machine: a `-r` preload reports
// the process's user+system time (every thread: V8's compiler and GC threads too) on fd 3 at exit.
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
