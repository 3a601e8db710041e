// `npm run bench:mirror`: what one mirror pass (src/registry/mirror/mirror-pass.ts) costs against an
// upstream of BENCH_MIRROR_ENTRIES (10,000) entries that speaks the official API: with nothing changed
// since the stored cursor (one page request), and with BENCH_MIRROR_CHANGED (1,000) entries changed since
// (their pages, then each imported through the registry's publish path). Also the first pass's listing
// without a cursor, for contrast. The upstream is an in-memory official-API server on a local port; the
// mirror a temp SQLite registry. Prints a table and the load average.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/db/open-database.js";
import { registryItems } from "../src/registry/import/import-sources.js";
import { mirrorPass } from "../src/registry/mirror/mirror-pass.js";
import { createApp } from "../src/server/app.js";
import { FsBlobStore } from "../src/storage/fs-blob-store.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const TOTAL = Number(process.env.BENCH_MIRROR_ENTRIES ?? 10_000);
const CHANGED = Number(process.env.BENCH_MIRROR_CHANGED ?? 1_000);
const OFFICIAL = "io.modelcontextprotocol.registry/official";

interface Item {
  server: Record<string, unknown>;
  _meta: Record<string, { status: string; publishedAt: string; updatedAt: string; isLatest: boolean }>;
}

const base = Date.parse("2026-01-01T00:00:00Z");
const at = (i: number) => new Date(base + i * 1000).toISOString();
const item = (i: number, version: string, updated: number): Item => ({
  server: {
    $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    name: `io.github.bench/server-${i}`,
    description: `Benchmark server number ${i}`,
    version,
    packages: [
      { registryType: "npm", identifier: `@bench/server-${i}`, version, transport: { type: "stdio" } },
    ],
  },
  _meta: {
    [OFFICIAL]: { status: "active", publishedAt: at(updated), updatedAt: at(updated), isLatest: true },
  },
});

/** The upstream's entries, in `updatedAt` order (the order a listing filtered by updated_since pages in). */
const entries: Item[] = Array.from({ length: TOTAL }, (_, i) => item(i, "1.0.0", i));
let requests = 0;

function listing(url: URL): unknown {
  const since = url.searchParams.get("updated_since");
  const limit = Math.min(Number(url.searchParams.get("limit") ?? 30), 100);
  const from = Number(url.searchParams.get("cursor") ?? 0);
  const wanted = since === null ? entries : entries.filter((e) => e._meta[OFFICIAL]!.updatedAt > since);
  const page = wanted.slice(from, from + limit);
  return {
    servers: page,
    metadata: {
      count: page.length,
      ...(from + limit < wanted.length ? { nextCursor: String(from + limit) } : {}),
    },
  };
}

const upstream = http.createServer((req, res) => {
  requests++;
  const url = new URL(req.url!, "http://upstream");
  if (url.pathname !== "/v0.1/servers") return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(listing(url)));
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const root = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "connectory-bench-mirror-"));
const repo = await openDatabase(path.join(dir, "registry.db"));
const app = createApp({
  db: repo,
  blobs: new FsBlobStore(path.join(dir, "blobs")),
  publicUrl: "http://bench.test",
  log: () => undefined,
});
await app.registry.ready();
const rows: string[] = [];
const row = (label: string, entriesSeen: number, reqs: number, ms: number, note: string) =>
  rows.push(`| ${label} | ${entriesSeen} | ${reqs} | ${ms.toFixed(0)} | ${note} |`);

try {
  // Without a cursor, a sync reads every page of the listing (only the reading is timed here).
  requests = 0;
  let start = performance.now();
  const all = await registryItems(root, fetch);
  row(
    `listing ${TOTAL} entries, no cursor`,
    all.items.length,
    requests,
    performance.now() - start,
    "read only",
  );

  // The cursor as a finished pass over these entries leaves it: the last entry's updatedAt.
  await repo.transaction((tx) => tx.setMeta(`mirror/${root}`, JSON.stringify({ cursor: at(TOTAL - 1) })));
  requests = 0;
  start = performance.now();
  const unchanged = await mirrorPass({ app, repo, upstream: root, fetch, now: () => new Date() });
  row(
    `pass, ${TOTAL} unchanged`,
    unchanged.entries,
    requests,
    performance.now() - start,
    "updated_since = cursor",
  );

  // CHANGED entries get a new version after the cursor.
  for (let i = 0; i < CHANGED; i++) {
    const k = Math.floor((i * TOTAL) / CHANGED);
    entries[k] = item(k, "1.1.0", TOTAL + i);
  }
  entries.sort((x, y) => (x._meta[OFFICIAL]!.updatedAt < y._meta[OFFICIAL]!.updatedAt ? -1 : 1));
  requests = 0;
  start = performance.now();
  const changed = await mirrorPass({ app, repo, upstream: root, fetch, now: () => new Date() });
  const c = changed.report.counts;
  row(
    `pass, ${CHANGED} changed of ${TOTAL}`,
    changed.entries,
    requests,
    performance.now() - start,
    `imported ${c.imported + c.updated}, refused ${c.refused}`,
  );

  requests = 0;
  start = performance.now();
  const after = await mirrorPass({ app, repo, upstream: root, fetch, now: () => new Date() });
  row("the next pass", after.entries, requests, performance.now() - start, "nothing changed since");
} finally {
  await repo.close();
  upstream.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log("| mirror pass | entries listed | requests | ms | |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const r of rows) console.log(r);
console.log(
  `\nload average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} (${os.cpus().length} CPUs)`,
);
