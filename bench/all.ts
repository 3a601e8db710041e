// `npm run bench` (issue 29): the speed figures of issues 3, 14, 26 and 29 in one run, one table, with the
// load average before and after each bench (the machine is shared: read every figure beside its load).
// Each bench runs as its own process, one after the other, and hands its rows over through BENCH_REPORT.
//
// The default set takes a few minutes; it is configurable:
//   BENCH_SET=metadata,install,gateway,registry,registry-pg   which benches (default: all of these)
//   BENCH_CONNECTORS=100000   the registry benches' database size (default 10000; 100,000 is issue 14's
//                             and 29's figure, and seeding it takes minutes per database)
//   BENCH_POSTGRES_URL        the PostgreSQL server of registry-pg (default postgres@127.0.0.1:5432)
// PostgreSQL at 100,000 alone: BENCH_SET=registry-pg BENCH_CONNECTORS=100000 npm run bench
//   BENCH_QUERIES, BENCH_ROUNDS, BENCH_SECONDS, BENCH_RUNS, BENCH_CALLS   passed on to the benches
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { table, type Row } from "./lib/report.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const DIST = path.dirname(fileURLToPath(import.meta.url));
const CONNECTORS = process.env.BENCH_CONNECTORS ?? "10000";

const BENCHES: Record<string, { script: string; args?: string[]; env?: Record<string, string> }> = {
  metadata: { script: "metadata.js", env: { BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? "2" } },
  install: { script: "install.js", env: { BENCH_RUNS: process.env.BENCH_RUNS ?? "7" } },
  gateway: {
    script: "gateway.js",
    env: { BENCH_OVERHEAD_ONLY: "1", BENCH_CALLS: process.env.BENCH_CALLS ?? "300" },
  },
  registry: { script: "registry.js", args: ["--connectors", CONNECTORS] },
  "registry-pg": { script: "registry.js", args: ["--connectors", CONNECTORS, "--postgres"] },
};

const load = () => os.loadavg()[0]!.toFixed(2);

function run(name: string, report: string): Promise<number | null> {
  const bench = BENCHES[name]!;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(DIST, bench.script), ...(bench.args ?? [])], {
      env: { ...process.env, ...bench.env, BENCH_REPORT: report },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", resolve);
  });
}

async function main(): Promise<void> {
  const names = (process.env.BENCH_SET ?? Object.keys(BENCHES).join(","))
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_SET names ${unknown.join(", ")}; the benches are ${Object.keys(BENCHES).join(", ")}`,
    );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-all-"));
  const report = path.join(dir, "rows.jsonl");
  const rows: Row[] = [];
  const started = Date.now();
  try {
    for (const name of names) {
      const before = load();
      const t0 = Date.now();
      console.log(`\n== bench ${name} (load ${before})`);
      await fs.writeFile(report, "");
      const code = await run(name, report);
      const lines = (await fs.readFile(report, "utf8")).split("\n").filter((l) => l !== "");
      rows.push([
        `[${name}]`,
        `exit ${code}, ${((Date.now() - t0) / 1000).toFixed(0)} s, load ${before} → ${load()}`,
        "",
      ]);
      for (const line of lines) rows.push((JSON.parse(line) as { row: Row }).row);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.log(
    `\nnpm run bench: ${names.join(", ")}; ${CONNECTORS} connectors; ${((Date.now() - started) / 60000).toFixed(1)} min; ` +
      `${os.cpus().length} cores, node ${process.version}; load average now ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
  );
  console.log(table(rows));
}

await main();
