// `npm run bench:packages`: the CLI as users install it. Packs packages/cli (scripts/build-packages.ts),
// installs the tarball into an empty prefix, and times cold starts of the installed copy against
// `node -e 0` in the same run, interleaved (one round = one run of each case): `--version`, and `search`
// against a registry on loopback (this checkout's build, seeded with plugins-sample/).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../scripts/build-samples.js";
import { buildPackages } from "../scripts/build-packages.js";
import { installTarball, packPackage, startRegistry } from "../scripts/package-install.js";
import { installTable } from "../scripts/smoke-packages.js";
import { cpuMs, writeCpuReporter } from "./child-cpu.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

interface Sample {
  ms: number;
  cpu: number;
}

function time(reporter: string, args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["-r", reporter, ...args], {
      env,
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let cpu = "";
    child.stderr!.on("data", (d) => (stderr += d));
    child.stdio[3]!.on("data", (d) => (cpu += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${args.join(" ")} exited ${code}: ${stderr}`));
      else resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, cpu: cpuMs(cpu) });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const root = repoRoot();
const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-packages-")));
try {
  await buildPackages(root);
  const tarball = await packPackage(path.join(root, "packages", "cli"), work);
  const cli = await installTarball(tarball, path.join(work, "prefix"), "connectory", "connectory");
  const site = path.join(work, "site");
  await fs.mkdir(site);
  const registry = await startRegistry(process.execPath, [path.join(root, "dist/src/main.js")], {
    cwd: site,
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      DATABASE_URL: path.join(site, "r.db"),
      STORAGE_DIR: path.join(site, "blobs"),
    },
  });
  try {
    const reporter = await writeCpuReporter(work);
    const script = path.join(cli.dir, "bin", "connectory.js");
    const env = {
      PATH: process.env.PATH,
      HOME: work,
      CONNECTORY_HOME: path.join(work, "home"),
      CONNECTORY_REGISTRY: registry.url,
    };
    const cases = [
      { label: "node -e 0 (baseline)", args: ["-e", "0"] },
      { label: "connectory --version (installed)", args: [script, "--version"] },
      {
        label: "connectory search weather (installed, loopback registry)",
        args: [script, "search", "weather"],
      },
    ];
    const samples = cases.map(() => [] as Sample[]);
    for (let round = 0; round <= RUNS; round++) {
      for (const [i, c] of cases.entries()) {
        const s = await time(reporter, c.args, env);
        if (round > 0) samples[i]!.push(s); // round 0 warms the disk cache
      }
    }
    const base = median(samples[0]!.map((s) => s.ms));
    const rows = [
      ["case", "median ms", "min", "max", "CPU ms (median)", "over node -e 0"],
      ...cases.map((c, i) => {
        const ms = samples[i]!.map((s) => s.ms);
        return [
          c.label,
          median(ms).toFixed(0),
          Math.min(...ms).toFixed(0),
          Math.max(...ms).toFixed(0),
          median(samples[i]!.map((s) => s.cpu)).toFixed(0),
          i === 0 ? "" : `+${(median(ms) - base).toFixed(0)} ms`,
        ];
      }),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(
      `node ${process.version}, ${os.cpus().length} cpu, load ${os.loadavg()[0]!.toFixed(1)}, ${RUNS} runs each (median)`,
    );
    console.log(installTable([cli]));
    console.log("");
    for (const r of rows)
      console.log(
        r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
      );
  } finally {
    await registry.stop();
  }
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
