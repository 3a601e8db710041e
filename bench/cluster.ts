// `npm run bench:cluster`: two registry processes on PostgreSQL against one on SQLite, in the same run
// (issue 8). Each setup is real `node dist/src/main.js` processes with a blob folder on this machine; the
// load comes from this process. Prints one table. BENCH_POSTGRES_URL names the server (default local).
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
const SEQUENTIAL_PUBLISHES = 40;
const CONCURRENT_PUBLISHES = 20;
const GET_SECONDS = 10;
const CONNECTIONS = 64;

interface Setup {
  label: string;
  urls: string[];
  token: string;
  stop(): Promise<void>;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

async function sqliteSetup(): Promise<Setup> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-sqlite-"));
  const databaseUrl = path.join(dir, "registry.db");
  const repo = await openDatabase(databaseUrl);
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  const proc = await startRegistryProcess({
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: path.join(dir, "blobs"),
    PUBLIC_URL: "http://registry.bench",
  });
  return {
    label: "SQLite, 1 process",
    urls: [proc.url],
    token,
    stop: async () => {
      await stopRegistryProcess(proc.child);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresSetup(processes: number): Promise<Setup> {
  const name = `connectory_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-pg-"));
  const repo = await openDatabase(url.toString());
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  // One PUBLIC_URL for all, as behind a load balancer; one blob folder, shared as a bucket would be.
  const env = {
    DATABASE_URL: url.toString(),
    STORAGE_DIR: path.join(dir, "blobs"),
    PUBLIC_URL: "http://registry.bench",
  };
  const procs = await Promise.all(Array.from({ length: processes }, () => startRegistryProcess(env)));
  return {
    label: `PostgreSQL, ${processes} process${processes > 1 ? "es" : ""}`,
    urls: procs.map((p) => p.url),
    token,
    stop: async () => {
      await Promise.all(procs.map((p) => stopRegistryProcess(p.child)));
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** PUT a tarball; returns the status and the milliseconds it took. */
async function put(
  url: string,
  token: string,
  name: string,
  bytes: Uint8Array,
): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${url}/v1/connectors/${name}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

/** The measurements of one setup; requests go round-robin over its processes. */
async function measure(setup: Setup): Promise<string[]> {
  const { urls, token } = setup;
  const at = (i: number) => urls[i % urls.length]!;
  const sequential: number[] = [];
  for (let i = 0; i < SEQUENTIAL_PUBLISHES; i++) {
    const r = await put(at(i), token, "bench-meta", await benchPackage("bench-meta", `1.0.${i}`, 20_000));
    if (r.status !== 201) throw new Error(`${setup.label}: publish answered ${r.status}`);
    sequential.push(r.ms);
  }
  const packages = await Promise.all(
    Array.from({ length: CONCURRENT_PUBLISHES }, (_, i) => benchPackage("bench-race", `2.0.${i}`, 20_000)),
  );
  const wall = performance.now();
  const concurrent = await Promise.all(packages.map((bytes, i) => put(at(i), token, "bench-race", bytes)));
  const wallMs = performance.now() - wall;
  if (concurrent.some((r) => r.status !== 201))
    throw new Error(`${setup.label}: a concurrent publish failed`);

  // Metadata GET: one autocannon per process at once, the connections split between them, summed.
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/v1/connectors/bench-meta`,
        connections: Math.ceil(CONNECTIONS / urls.length),
        duration: GET_SECONDS,
      }),
    ),
  );
  const reqs = results.reduce((sum, r) => sum + r.requests.average, 0);
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  const errors = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  return [
    setup.label,
    `${Math.round(reqs).toLocaleString("en")} req/s (p99 ${p99} ms${errors ? `, ${errors} errors` : ""})`,
    `${percentile(sequential, 50).toFixed(1)} / ${percentile(sequential, 95).toFixed(1)} ms`,
    `${percentile(
      concurrent.map((r) => r.ms),
      50,
    ).toFixed(1)} ms p50, all in ${wallMs.toFixed(0)} ms`,
  ];
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  // One setup at a time, so they never compete for the cores.
  for (const make of [() => sqliteSetup(), () => postgresSetup(1), () => postgresSetup(2)]) {
    const setup = await make();
    try {
      rows.push(await measure(setup));
    } finally {
      await setup.stop();
    }
  }
  const header = [
    "setup",
    `GET /v1/connectors/:name (${CONNECTIONS} conns, ${GET_SECONDS} s)`,
    `publish 20 KB p50 / p95 (${SEQUENTIAL_PUBLISHES}, one at a time)`,
    `${CONCURRENT_PUBLISHES} concurrent publishes`,
  ];
  const all = [header, ...rows];
  const width = header.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(width[c]!)).join(" | ")} |`;
  console.log(
    `machine: ${os.availableParallelism()} cores, node ${process.version}; all processes, PostgreSQL and the load share them`,
  );
  console.log(
    [line(header), `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n"),
  );
}

await main();
