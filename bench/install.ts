// `npm run bench:install`: wall time of the built CLI's cold start and of installing samples from a
// registry on loopback (the real server, seeded with plugins-sample/, in this process).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../src/server/start-server.js";
import { median, timedNode, writeCpuReporter } from "./child-cpu.js";
import { countInstructions, millions } from "./lib/instructions.js";
import { handOver, type Row } from "./lib/report.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

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
    argv: ["install", "weather", "--yes"],
    targetMs: 400,
    freshHome: true,
  },
  {
    label: "install tushare --config TUSHARE_TOKEN=…",
    argv: ["install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`, "--yes"],
    targetMs: 400,
    freshHome: true,
  },
  {
    label: "install weather again (cache reused)",
    argv: ["install", "weather", "--yes"],
    targetMs: 400,
    freshHome: false,
  },
];

/**
 * Issue 29: `connectory --version` minus `node -e 0`, RUNS alternating pairs (a load change hits both
 * alike): the difference of the medians, wall and CPU; and the instructions each executes (valgrind,
 * load-independent) when it is installed.
 */
export async function versionOverNode(
  reporter: string,
  env: Record<string, string>,
): Promise<{ wall: number; cpu: number; instructions: string; node: number; cli: number }> {
  const node: number[] = [];
  const cli: number[] = [];
  const nodeCpu: number[] = [];
  const cliCpu: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const pair = [
      () => timedNode(reporter, ["-e", "0"], { env: { ...process.env, ...env } }),
      () => timedNode(reporter, [BIN, "--version"], { env: { ...process.env, ...env } }),
    ];
    if (i % 2) pair.reverse();
    const [a, b] = [await pair[0]!(), await pair[1]!()];
    const [n, c] = i % 2 ? [b, a] : [a, b];
    if (c.code !== 0) throw new Error(`connectory --version exited ${c.code}`);
    if (i === 0) continue; // the disk cache's warm-up
    node.push(n.ms);
    cli.push(c.ms);
    nodeCpu.push(n.cpu);
    cliCpu.push(c.cpu);
  }
  const [ni, ci] = [
    await countInstructions(process.execPath, ["-e", "0"]),
    await countInstructions(process.execPath, [BIN, "--version"]),
  ];
  return {
    wall: median(cli) - median(node),
    cpu: median(cliCpu) - median(nodeCpu),
    node: median(node),
    cli: median(cli),
    instructions:
      ni !== undefined && ci !== undefined
        ? `${millions(ci)} vs ${millions(ni)} instructions (+${millions(ci - ni)}, +${(((ci - ni) / ni) * 100).toFixed(1)}%)`
        : "instructions: valgrind not installed",
  };
}

/**
 * Instructions `connectory <argv>` executes over `node -e 0` (valgrind, load-independent), or undefined
 * without valgrind. `--help`: the bundle's entry and what every verb loads with it, the message tables
 * among them (issue 29: as JSON, scripts/bundle-cli.ts), without a verb's own work. `install weather` into
 * an empty home: what the median's wall time hides under load, for comparing builds (issue 29: the TOML and
 * YAML libraries out of install's imports, 1,221 → 1,096 M).
 */
async function instructionsOverNode(
  argv: string[],
  env: Record<string, string>,
): Promise<string | undefined> {
  const [ni, ci] = [
    await countInstructions(process.execPath, ["-e", "0"]),
    await countInstructions(process.execPath, [BIN, ...argv], { ...process.env, ...env }),
  ];
  if (ni === undefined || ci === undefined) return undefined;
  return `${millions(ci)} vs ${millions(ni)} instructions (+${millions(ci - ni)})`;
}

/** Spawns the CLI (asynchronously: the registry answers from this same process); wall and CPU time. */
function timed(reporter: string, argv: string[], env: Record<string, string>) {
  return timedNode(reporter, [BIN, ...argv], { env: { ...process.env, ...env } });
}

const signed = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(1)}`;

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
    const over = await versionOverNode(reporter, { CONNECTORY_HOME: shared, NO_COLOR: "1" });
    failed ||= over.wall > 15;
    rows.push([
      "--version minus node -e 0 (alternating)",
      signed(over.wall),
      `${over.cli.toFixed(0)} vs`,
      `${over.node.toFixed(0)}`,
      signed(over.cpu),
      "≤ +15",
      over.wall <= 15 ? "ok" : "SLOW",
    ]);
    const header = ["case", "median ms", "min", "max", "CPU ms (median)", "target", ""];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
    console.log(`node ${process.version}, ${os.cpus().length} cpu, ${RUNS} runs each (median)`);
    console.log(`load average ${os.loadavg()[0]?.toFixed(2)}; CPU = user+system, all threads\n`);
    console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
    console.log(`\n--version: ${over.instructions}`);
    const help = await instructionsOverNode(["--help"], { CONNECTORY_HOME: shared, NO_COLOR: "1" });
    if (help !== undefined) console.log(`--help: ${help}`);
    const install = await instructionsOverNode(["install", "weather", "--yes"], {
      CONNECTORY_HOME: path.join(dir, "home-instructions"),
      CONNECTORY_REGISTRY: server.url,
      NO_COLOR: "1",
    });
    if (install !== undefined) console.log(`install weather (empty home): ${install}`);
    handOver("install", [
      ...rows.map((r): Row => [
        r[0]!,
        r[0]!.startsWith("--version minus")
          ? `${signed(over.wall)} ms wall, ${signed(over.cpu)} ms CPU (medians of ${RUNS} alternating pairs); ${over.instructions}`
          : `${r[1]} ms median (CPU ${r[4]} ms)`,
        r[5]!,
      ]),
      ...(help !== undefined
        ? [["connectory --help over node -e 0 (what every verb loads)", help, ""] satisfies Row]
        : []),
      ...(install !== undefined
        ? [["install weather over node -e 0 (instructions, an empty home)", install, ""] satisfies Row]
        : []),
    ]);
    if (failed) process.exitCode = 1;
  } finally {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
