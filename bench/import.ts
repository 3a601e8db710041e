// `npm run bench:import`: import throughput (entries per second) of `connectory-registry import`'s engine
// (conversion + the registry's own publish path + provenance) into a temp SQLite registry, for the real
// catalogs in ../shared/data/real-world and a synthetic official-registry list; then the re-import of the
// same entries (all unchanged: the idempotence check an incremental sync pays).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runImport } from "../src/registry/import/import-run.js";
import { importEntries, type ImportEntry } from "../src/registry/import/import-sources.js";
import { createApp } from "../src/server/app.js";
import { openDatabase } from "../src/db/open-database.js";
import { FsBlobStore } from "../src/storage/fs-blob-store.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REAL_WORLD = path.join(ROOT, "../shared/data/real-world");
const SYNTHETIC = Number(process.env.BENCH_IMPORT_ENTRIES ?? 1000);

interface Row {
  source: string;
  entries: number;
  convertMs: number;
  firstMs: number;
  imported: number;
  againMs: number;
}

async function bench(source: string, load: () => Promise<ImportEntry[]>): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "connectory-bench-import-"));
  const repo = await openDatabase(path.join(dir, "registry.db"));
  try {
    const app = createApp({
      db: repo,
      blobs: new FsBlobStore(path.join(dir, "blobs")),
      publicUrl: "http://bench.test",
      log: () => undefined,
    });
    await app.registry.ready();
    let start = performance.now();
    const entries = await load();
    const convertMs = performance.now() - start;
    start = performance.now();
    const first = await runImport({ registry: app.registry, repo, entries, now: () => new Date() });
    const firstMs = performance.now() - start;
    start = performance.now();
    await runImport({ registry: app.registry, repo, entries, now: () => new Date() });
    const againMs = performance.now() - start;
    return {
      source,
      entries: entries.length,
      convertMs,
      firstMs,
      imported: first.counts.imported + first.counts.updated,
      againMs,
    };
  } finally {
    await repo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const options = { fetch: globalThis.fetch, cwd: ROOT };
const rows: Row[] = [];
const synthetic = path.join(os.tmpdir(), `connectory-bench-servers-${process.pid}.json`);
fs.writeFileSync(
  synthetic,
  JSON.stringify(
    Array.from({ length: SYNTHETIC }, (_, i) => ({
      name: `io.github.bench${i % 50}/tool-${i}`,
      description: `Synthetic tool ${i}.`,
      version: "1.0.0",
      packages: [
        {
          registryType: "npm",
          identifier: `@bench/tool-${i}`,
          version: "1.0.0",
          transport: { type: "stdio" },
          environmentVariables: [{ name: "API_KEY", isSecret: true, isRequired: true }],
        },
      ],
    })),
  ),
);
try {
  rows.push(await bench(`synthetic server.json (${SYNTHETIC})`, () => importEntries(synthetic, options)));
  if (fs.existsSync(REAL_WORLD)) {
    const seed = path.join(REAL_WORLD, "official-registry-seed.server.json");
    rows.push(await bench("official registry seed", () => importEntries(seed, options)));
    const docker = path.join(REAL_WORLD, "docker-mcp-registry");
    rows.push(await bench("Docker MCP catalog", () => importEntries(docker, options)));
  } else console.error(`(${REAL_WORLD} is missing: the real catalogs are left out)`);
} finally {
  fs.rmSync(synthetic, { force: true });
}

const perSecond = (n: number, ms: number) => (ms > 0 ? ((n * 1000) / ms).toFixed(0) : "-");
console.log(
  "| source | entries | read+convert | import | imported | entries/s | re-import (unchanged) | entries/s |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows)
  console.log(
    `| ${r.source} | ${r.entries} | ${r.convertMs.toFixed(0)} ms | ${r.firstMs.toFixed(0)} ms | ${r.imported} | ${perSecond(r.entries, r.firstMs)} | ${r.againMs.toFixed(0)} ms | ${perSecond(r.entries, r.againMs)} |`,
  );
