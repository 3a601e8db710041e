// `npm run bench:checks`: one live-check pass over 1,000 remote connectors against local MCP servers
// (issue 19), at a few concurrencies, on SQLite (and PostgreSQL when one answers on 127.0.0.1:5432).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { openDatabase } from "../src/db/open-database.js";
import type { ConnectorState, VersionRecord } from "../src/db/connector-rows.js";
import type { RegistryRepository } from "../src/db/repository.js";
import { parseAllowlist } from "../src/registry/address-guard.js";
import { runCheckPass } from "../src/registry/checks/check-pass.js";
import { qualityFields } from "../src/registry/quality.js";
import { versionDocument } from "../src/registry/documents.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const COUNT = 1000;
/** Added to every answer of the local servers: roughly a nearby server's round trip. */
const DELAY_MS = 20;
const CONCURRENCY = [16, 64];
const PG_ADMIN = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const HERE = path.dirname(fileURLToPath(import.meta.url));

async function startFleet(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [path.join(HERE, "lib/fleet-process.js")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim());
    });
  });
  return { url, stop: () => child.stdin!.end() };
}

async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** 1,000 connectors: 90% up, 4% needing sign-in, 3% answering garbage, 3% down. */
async function populate(repo: RegistryRepository, fleet: string, downPort: number): Promise<void> {
  const publisher = await repo.ensurePublisher("bench", "2026-01-01T00:00:00.000Z");
  for (let i = 0; i < COUNT; i++) {
    const name = `remote-${String(i).padStart(4, "0")}`;
    const kind = i % 100 < 90 ? "up" : i % 100 < 94 ? "auth" : i % 100 < 97 ? "garbage" : "down";
    const url =
      kind === "down" ? `http://127.0.0.1:${downPort}/mcp` : `${fleet}/${kind}/${name}?delay=${DELAY_MS}`;
    const v: VersionRecord = {
      version: "1.0.0",
      publishedAt: "2026-01-01T00:00:00.000Z",
      yanked: false,
      deprecated: null,
      integrity: "sha512-x",
      sha256: "00",
      size: 1,
      blobKey: `sha256/${name}`,
      content: JSON.stringify({
        manifest: { name, version: "1.0.0", publisher: "bench", description: name },
        mcp: { mcpServers: { main: { type: "streamable-http", url } } },
        skills: [],
      }),
    };
    const state: ConnectorState = {
      id: 0,
      name,
      publisherId: publisher.id,
      publisher: "bench",
      createdAt: v.publishedAt,
      updatedAt: v.publishedAt,
      versions: [v],
      tags: {},
    };
    await repo.transaction(async (tx) => {
      const id = await tx.createConnector({
        name,
        publisherId: publisher.id,
        createdAt: v.publishedAt,
        fields: await qualityFields(tx, { publicUrl: "http://bench.test", now: () => new Date() }, state),
      });
      await tx.insertVersion(id, v, versionDocument(name, "bench", v, "http://bench.test"));
    });
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

async function main() {
  const fleet = await startFleet();
  const downPort = await closedPort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-checks-"));
  const databases: Array<{ label: string; url: string; drop?: () => Promise<void> }> = [
    { label: "SQLite", url: path.join(dir, "registry.db") },
  ];
  try {
    const admin = postgres(PG_ADMIN, { max: 1, connect_timeout: 3, onnotice: () => undefined });
    const name = `connectory_bench_checks_${process.pid}`;
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    databases.push({
      label: "PostgreSQL",
      url: url.toString(),
      drop: async () => {
        const sql = postgres(PG_ADMIN, { max: 1, onnotice: () => undefined });
        await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await sql.end();
      },
    });
  } catch {
    // no PostgreSQL here: SQLite only
  }
  const rows: string[][] = [];
  const allow = parseAllowlist("127.0.0.1");
  try {
    for (const db of databases) {
      const repo = await openDatabase(db.url);
      await populate(repo, fleet.url, downPort);
      let t = Date.now();
      for (const concurrency of CONCURRENCY) {
        t += 3_600_000; // an hour later each run: every connector is due again
        const at = t;
        const report = await runCheckPass({
          repo,
          allow,
          concurrency,
          limit: COUNT,
          now: () => new Date(at),
        });
        const latencies = report.entries.map((e) => e.latencyMs ?? 0);
        const c = report.counts;
        rows.push([
          db.label,
          String(concurrency),
          String(report.checked),
          `${(report.durationMs / 1000).toFixed(2)} s`,
          `${((report.checked / report.durationMs) * 1000).toFixed(0)}/s`,
          `${percentile(latencies, 50)} / ${percentile(latencies, 95)} ms`,
          `${c.up} up, ${c["needs-auth"]} auth, ${c.error} error, ${c.down} down`,
        ]);
      }
      await repo.close();
      await db.drop?.();
    }
  } finally {
    fleet.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
  const head = ["database", "concurrency", "connectors", "pass", "rate", "check p50 / p95", "statuses"];
  const all = [head, ...rows];
  const width = head.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(width[c]!)).join(" | ")} |`;
  console.log(
    `machine: ${os.availableParallelism()} cores, node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}; ` +
      `servers answer after ${DELAY_MS} ms, in their own process`,
  );
  console.log(
    [line(head), `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n"),
  );
}

await main();
