// `npm run bench:seed`: the first start of `serve` with the default SEED, on a temp SQLite registry: time to
// ready (GET /healthz 200, the samples in), then to catalog-complete (the real catalogs of catalogs/ imported
// in the background while it serves), and the restart that finds the seed done; SEED=samples for comparison.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedSettings } from "../src/admin/environment.js";
import { startServer } from "../src/server/start-server.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

interface Row {
  run: string;
  readyMs: number;
  completeMs?: number;
  connectors: number;
  searchWhileSeeding?: string;
}

async function start(dir: string, seed: string): Promise<Row> {
  const begin = performance.now();
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    // Fixed, as in a deployment: with port 0's URL a restart would rebuild every document for the new one.
    publicUrl: "http://registry.bench",
    ...seedSettings({ SEED: seed }),
    log: () => undefined,
  });
  try {
    const health = await fetch(`${server.url}/healthz`);
    const readyMs = performance.now() - begin;
    if (health.status !== 200) throw new Error(`healthz ${health.status}`);
    // While the catalogs import: how long a healthz and a search take (the marketplace keeps serving).
    let searchWhileSeeding: string | undefined;
    if (server.catalogSeed) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await (await fetch(`${server.url}/v1/connectors?q=git`)).arrayBuffer();
        times.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      times.sort((a, b) => a - b);
      searchWhileSeeding = `${times[Math.floor(times.length / 2)]!.toFixed(1)} / ${times[times.length - 1]!.toFixed(1)} ms`;
    }
    const result = await server.catalogSeed;
    const completeMs = result ? performance.now() - begin : undefined;
    const connectors = (await server.repo.search({ terms: [], sort: "name", limit: 10_000 })).length;
    return {
      run: "",
      readyMs,
      ...(completeMs !== undefined ? { completeMs } : {}),
      connectors,
      ...(searchWhileSeeding ? { searchWhileSeeding } : {}),
    };
  } finally {
    await server.close();
  }
}

const rows: Row[] = [];
const dirs: string[] = [];
const fresh = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "connectory-bench-seed-"));
  dirs.push(dir);
  return dir;
};
try {
  const samples = fresh();
  rows.push({ ...(await start(samples, "samples")), run: "first start, SEED=samples" });
  const full = fresh();
  rows.push({ ...(await start(full, "1")), run: "first start, SEED unset (samples + catalogs)" });
  rows.push({ ...(await start(full, "1")), run: "restart (seed done: nothing imported)" });
} finally {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

console.log(
  "| run | to /healthz 200 | to catalog-complete | connectors | search while seeding (p50 / max) |",
);
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows)
  console.log(
    `| ${r.run} | ${r.readyMs.toFixed(0)} ms | ${r.completeMs !== undefined ? `${(r.completeMs / 1000).toFixed(1)} s` : "-"} | ${r.connectors} | ${r.searchWhileSeeding ?? "-"} |`,
  );
