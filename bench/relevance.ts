// `npm run bench:relevance`: how well search finds what people mean, on the catalog `npm start` serves
// (plugins-sample/ and the real catalogs of catalogs/). For every judged query of
// bench/relevance-set.json: precision at 5 (the share of the first five results judged relevant) and the
// rank of the expected result (the one connector a newcomer means), through GET /v1/connectors?q=.
// `--dump` prints every connector (name, publisher, title, description) instead, for judging.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../src/server/start-server.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

// The checkout: above bench/ when run from source, above dist/bench/ when built.
let ROOT = path.dirname(fileURLToPath(import.meta.url));
while (!fs.existsSync(path.join(ROOT, "bench/relevance-set.json")) && path.dirname(ROOT) !== ROOT)
  ROOT = path.dirname(ROOT);
const SET = path.join(ROOT, "bench/relevance-set.json");
const K = 5;
const DEPTH = 50;

/**
 * One judged query: `expected` is the connector meant (or the listings that are equally it: the same
 * server from several catalogs, or servers no newcomer could tell apart); `relevant` every other one worth
 * a place in the top 5.
 */
export interface Judged {
  q: string;
  expected: string | string[];
  relevant: string[];
  /** Passes only once search reads Chinese inside a word (issue 32, item 11: the i18n branch). */
  cjk?: boolean;
}

interface Item {
  name: string;
  publisher: string;
  displayName?: string;
  description: string;
}

async function main(): Promise<void> {
  // BENCH_RELEVANCE_DIR keeps the seeded registry there for the next run (seeding takes most of the time).
  const kept = process.env.BENCH_RELEVANCE_DIR;
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "connectory-bench-relevance-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: true,
    catalogs: true,
    log: () => undefined,
  });
  try {
    const seedStart = performance.now();
    await server.catalogSeed;
    const seedMs = performance.now() - seedStart;
    const search = async (q: string, limit = DEPTH): Promise<Item[]> => {
      const res = await fetch(`${server.url}/v1/connectors?q=${encodeURIComponent(q)}&limit=${limit}`);
      return ((await res.json()) as { items?: Item[] }).items ?? [];
    };
    if (process.argv.includes("--dump")) {
      for (let cursor: string | null = ""; cursor !== null;) {
        const res = await fetch(
          `${server.url}/v1/connectors?sort=name&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
        );
        const page = (await res.json()) as { items: Item[]; nextCursor: string | null };
        for (const i of page.items)
          console.log([i.name, i.publisher, i.displayName ?? "", i.description.slice(0, 120)].join("\t"));
        cursor = page.nextCursor;
      }
      return;
    }
    const set = JSON.parse(fs.readFileSync(SET, "utf8")) as Judged[];
    const rows: Array<{
      q: string;
      p5: number;
      /** P@5 against the best possible for this query (fewer than 5 relevant connectors exist). */
      p5ofBest: number;
      rank: number | undefined;
      matches: number;
      top: string;
      cjk: boolean;
    }> = [];
    for (const j of set) {
      const names = (await search(j.q, 100)).map((i) => i.name);
      const expected = Array.isArray(j.expected) ? j.expected : [j.expected];
      const relevant = new Set([...expected, ...j.relevant]);
      const hits = names.slice(0, K).filter((n) => relevant.has(n)).length;
      const at = names.findIndex((n) => expected.includes(n));
      rows.push({
        q: j.q,
        p5: hits / K,
        p5ofBest: hits / Math.min(K, relevant.size),
        rank: at < 0 || at >= DEPTH ? undefined : at + 1,
        matches: names.length,
        top: names.slice(0, 3).join(", "),
        cjk: !!j.cjk,
      });
    }
    const summary = (subset: typeof rows) => {
      const found = subset.filter((r) => r.rank !== undefined);
      const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
      return {
        queries: subset.length,
        "mean P@5": mean(subset.map((r) => r.p5)).toFixed(3),
        "mean P@5 of best": mean(subset.map((r) => r.p5ofBest)).toFixed(3),
        "expected #1": subset.filter((r) => r.rank === 1).length,
        "expected in top 5": subset.filter((r) => r.rank !== undefined && r.rank <= K).length,
        "expected not in top 50": subset.length - found.length,
        "mean reciprocal rank": mean(subset.map((r) => (r.rank ? 1 / r.rank : 0))).toFixed(3),
      };
    };
    console.table(
      rows.map((r) => ({
        query: r.q,
        "P@5": r.p5.toFixed(1),
        rank: r.rank ?? "-",
        "matches (≤100)": r.matches,
        top: r.top,
      })),
    );
    console.log("all queries");
    console.table([summary(rows)]);
    console.log("without the Chinese queries (those pass only with the i18n branch's CJK index)");
    console.table([summary(rows.filter((r) => !r.cjk))]);
    console.log("Chinese queries");
    console.table([summary(rows.filter((r) => r.cjk))]);
    console.log(
      `seeded in ${(seedMs / 1000).toFixed(1)} s; 1-minute load average ${os.loadavg()[0]!.toFixed(2)} ` +
        `on ${os.cpus().length} cores (a shared machine)`,
    );
  } finally {
    await server.close();
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
