// `npm run bench:cluster-load` (issue 28): 500 concurrent clients against three registry processes on one
// PostgreSQL database, and against one process, in the same run. Each client cycles through a mix of
// metadata GETs, searches and tarball downloads (autocannon); prints throughput, latency, errors and the
// PostgreSQL connections the processes held. BENCH_POSTGRES_URL names the server (default local);
// BENCH_SECONDS the length of each run (default 10); BENCH_CONNECTIONS the clients (default 500). First it
// times what the shared rate limits cost a request on each database.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { openDatabase } from "../src/db/open-database.js";
import { createToken } from "../src/registry/tokens.js";
import { benchPackage } from "./lib/package.js";
import { startRegistryProcess, stopRegistryProcess } from "./lib/registry-process.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);
const CONNECTORS = 20;

async function run(processes: number): Promise<string[]> {
  const name = `connectory_load_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-load-"));
  const repo = await openDatabase(url.toString());
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  const env = {
    DATABASE_URL: url.toString(),
    STORAGE_DIR: path.join(dir, "blobs"),
    PUBLIC_URL: "http://bench",
  };
  const procs = await Promise.all(Array.from({ length: processes }, () => startRegistryProcess(env)));
  try {
    for (let i = 0; i < CONNECTORS; i++) {
      const res = await fetch(`${procs[i % processes]!.url}/v1/connectors/bench-${i}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: (await benchPackage(`bench-${i}`, "1.0.0", 20_000)) as Uint8Array<ArrayBuffer>,
      });
      if (res.status !== 201) throw new Error(`publish answered ${res.status}`);
    }
    const requests = Array.from({ length: CONNECTORS }, (_, i) => [
      { method: "GET" as const, path: `/v1/connectors/bench-${i}` },
      { method: "GET" as const, path: `/v1/connectors?q=bench&limit=10` },
      { method: "GET" as const, path: `/v1/connectors/bench-${i}/1.0.0/tarball` },
    ]).flat();
    let maxConnections = 0;
    const sampler = setInterval(() => {
      admin<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = ${name}`.then(
        ([row]) => (maxConnections = Math.max(maxConnections, row!.n)),
        () => undefined,
      );
    }, 500);
    const results = await Promise.all(
      procs.map((p) =>
        autocannon({
          url: p.url,
          connections: Math.ceil(CONNECTIONS / processes),
          duration: SECONDS,
          requests,
        }),
      ),
    );
    clearInterval(sampler);
    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const errors = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    const p50 = Math.max(...results.map((r) => r.latency.p50));
    const p99 = Math.max(...results.map((r) => r.latency.p99));
    return [
      `${processes} process${processes > 1 ? "es" : ""}`,
      `${Math.round(total / SECONDS).toLocaleString("en")}`,
      `${p50}`,
      `${p99}`,
      `${errors}`,
      `${maxConnections}`,
    ];
  } finally {
    await Promise.all(procs.map((p) => stopRegistryProcess(p.child)));
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * What a shared limit costs a request: the COUNT an authenticated request makes (rateCount) and the
 * INSERT a failure or report makes (rateAdd with its limit), on each database, p50 / p99 in ms.
 */
async function limitCost(): Promise<string[][]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-limits-"));
  const name = `connectory_limits_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const pgUrl = new URL(ADMIN_URL);
  pgUrl.pathname = `/${name}`;
  const out: string[][] = [];
  try {
    for (const [label, url] of [
      ["SQLite", path.join(dir, "registry.db")],
      ["PostgreSQL", pgUrl.toString()],
    ] as const) {
      const repo = await openDatabase(url);
      const time = async (work: (i: number) => Promise<unknown>) => {
        const ms: number[] = [];
        for (let i = 0; i < 2000; i++) {
          const start = performance.now();
          await work(i);
          ms.push(performance.now() - start);
        }
        ms.sort((a, b) => a - b);
        return `${ms[999]!.toFixed(3)} / ${ms[1979]!.toFixed(3)}`;
      };
      const now = Date.now();
      const add = await time((i) =>
        repo.rateAdd(`report:10.0.${i % 200}.1`, now + i, { since: now - 3_600_000, max: 5 }),
      );
      const count = await time((i) => repo.rateCount(`auth:10.0.${i % 200}.1`, now - 60_000));
      out.push([label, count, add]);
      await repo.close();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return out;
}

const costs = await limitCost();
const costHeader = ["database", "check (COUNT) p50 / p99 ms", "limited add (report) p50 / p99 ms"];
const costWidth = costHeader.map((h, c) => Math.max(h.length, ...costs.map((r) => r[c]!.length)));
const costLine = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(costWidth[c]!)).join(" | ")} |`;
console.log("What a shared limit costs per request (2,000 calls each, in process):");
console.log(
  [
    costLine(costHeader),
    `|${costWidth.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...costs.map(costLine),
  ].join("\n"),
);

const rows = [await run(1), await run(3)];
const header = ["setup", "req/s", "p50 ms", "p99 ms", "errors", "PostgreSQL connections (max)"];
const width = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(width[c]!)).join(" | ")} |`;
console.log(
  `${CONNECTIONS} clients, ${SECONDS} s each, metadata/search/tarball mix; ${os.availableParallelism()} cores, ` +
    `load average ${os.loadavg()[0]!.toFixed(2)} (clients, processes and PostgreSQL share the machine)`,
);
console.log(
  [line(header), `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n"),
);
