// `npm run bench:install`: wall time of the built CLI's cold start and of installing samples from a
// registry on loopback (the real server, seeded with plugins-sample/, in this process).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../src/http/start-server.js";
import { cpuMs, writeCpuReporter } from "./child-cpu.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TOKEN = "ab".repeat(28);

interface Case {
  label: string;
  argv: string[];
  targetMs: number;
  /** A fresh home per run (an install into an empty home), or one shared home. */
  freshHome: boolean;
}

const CASES: Case[] = [
  { label: "connectory --version (cold start)", argv: ["--version"], targetMs: 150, freshHome: false },
  {
    label: "install weather (bundled stdio server)",
    argv: ["install", "weather"],
    targetMs: 400,
    freshHome: true,
  },
  {
    label: "install tushare --config TUSHARE_TOKEN=…",
    argv: ["install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`],
    targetMs: 400,
    freshHome: true,
  },
  {
    label: "install weather again (cache reused)",
    argv: ["install", "weather"],
    targetMs: 400,
    freshHome: false,
  },
];

/** Spawns the CLI (asynchronously: the registry answers from this same process); wall and CPU time. */
function timed(
  reporter: string,
  argv: string[],
  env: Record<string, string>,
): Promise<{ ms: number; cpu: number; code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["-r", reporter, BIN, ...argv], {
      env: { ...process.env, ...env },
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

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-install-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: true,
    log: () => undefined,
  });
  try {
    const shared = path.join(dir, "home-shared");
    const reporter = await writeCpuReporter(dir);
    const rows: string[][] = [];
    let failed = false;
    for (const c of CASES) {
      const times: number[] = [];
      const cpus: number[] = [];
      // One warm-up run: the first spawn pays for the disk cache, which no user sees twice.
      for (let i = 0; i <= RUNS; i++) {
        const home = c.freshHome ? path.join(dir, `home-${c.argv[1]}-${i}`) : shared;
        const r = await timed(reporter, c.argv, {
          CONNECTORY_HOME: home,
          CONNECTORY_REGISTRY: server.url,
          NO_COLOR: "1",
        });
        if (r.code !== 0) throw new Error(`${c.argv.join(" ")} exited ${r.code}: ${r.stderr}`);
        if (i > 0) times.push(r.ms);
        if (i > 0) cpus.push(r.cpu);
      }
      const m = median(times);
      const ok = m <= c.targetMs;
      failed ||= !ok;
      rows.push([
        c.label,
        m.toFixed(0),
        Math.min(...times).toFixed(0),
        Math.max(...times).toFixed(0),
        median(cpus).toFixed(0),
        `≤ ${c.targetMs}`,
        ok ? "ok" : "SLOW",
      ]);
    }
    const header = ["case", "median ms", "min", "max", "CPU ms (median)", "target", ""];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
    console.log(`node ${process.version}, ${os.cpus().length} cpu, ${RUNS} runs each (median)`);
    console.log(`load average ${os.loadavg()[0]?.toFixed(2)}; CPU = user+system, all threads\n`);
    console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
    if (failed) process.exitCode = 1;
  } finally {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
