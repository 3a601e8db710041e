// `node dist/bench/gram-pages.js --reuse <dir>`: one-gram CJK searches (`股`, `股票`) ranked from
// connector_grams against the full ranking of every match, in process, on a database kept by
// `bench:registry -- --connectors 100000 --keep [--postgres]` (issue 29): every page compared, and the time
// of each way, alternately, so both see the same load.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import Database from "better-sqlite3";
import postgres from "postgres";
import type { ConnectorSummary, SearchQuery } from "../src/db/listing-queries.js";
import { searchPg } from "../src/db/postgres/pg-search.js";
import { SqliteSearch } from "../src/db/sqlite/sqlite-search.js";
import { reportRows, type Row } from "./lib/report.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

// The characters and words bench/registry.ts seeds its zh-CN translations from.
const HAN =
  "数据股票行情知识星球天气地图搜索文件代码仓库消息邮件日历会议翻译图片视频音乐新闻金融基金期货指数财务报表交易市场浏览器自动化".split(
    "",
  );
const WORDS = Array.from({ length: 120 }, (_, i) => `${HAN[i % HAN.length]}${HAN[(i * 7 + 3) % HAN.length]}`);

type Search = (query: SearchQuery) => Promise<ConnectorSummary[]>;

async function main(): Promise<void> {
  const reuse = process.argv.indexOf("--reuse");
  if (reuse === -1) throw new Error("usage: gram-pages.js --reuse <dir of bench:registry --keep>");
  const url = (await fs.readFile(path.join(process.argv[reuse + 1]!, "database-url"), "utf8")).trim();
  const pg = url.startsWith("postgres");
  let fast: Search;
  let full: Search;
  let close: () => Promise<void>;
  if (pg) {
    const client = postgres(url, { max: 1, onnotice: () => undefined });
    fast = (q) => searchPg(client, q);
    full = (q) => searchPg(client, q, { grams: false });
    close = () => client.end();
  } else {
    const db = new Database(url, { readonly: true });
    const withGrams = new SqliteSearch(db);
    const without = new SqliteSearch(db, { grams: false });
    fast = async (q) => withGrams.run(q);
    full = async (q) => without.run(q);
    close = async () => {
      db.close();
    };
  }
  const ms: Record<"fast" | "full", number[][]> = { fast: [[], []], full: [[], []] };
  let pages = 0;
  let differ = 0;
  try {
    for (const term of [...HAN, ...WORDS]) {
      for (const limit of [20, 3]) {
        let after: SearchQuery["after"];
        for (let page = 0; page < 3; page++) {
          const query: SearchQuery = { terms: [term], sort: "relevance", limit, ...(after ? { after } : {}) };
          let start = performance.now();
          const a = await fast(query);
          ms.fast[term.length - 1]!.push(performance.now() - start);
          start = performance.now();
          const b = await full(query);
          ms.full[term.length - 1]!.push(performance.now() - start);
          pages++;
          if (!isDeepStrictEqual(a, b)) differ++;
          const last = b.at(-1);
          if (!last || b.length < limit) break;
          after = { key: last.key, name: last.name };
        }
      }
    }
  } finally {
    await close();
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((x, y) => x - y)[Math.ceil((p / 100) * xs.length) - 1]!;
  const rows: Row[] = [
    [
      "machine",
      `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${pg ? "PostgreSQL" : "SQLite"}`,
      "",
    ],
    ["pages compared (limits 20 and 3, up to 3 deep)", `${pages}, ${differ} different`, "0 different"],
  ];
  for (const [i, label] of ["1 character", "2 characters"].entries())
    for (const way of ["full", "fast"] as const)
      rows.push([
        `${label}, ${way === "fast" ? "connector_grams" : "every match ranked"} p50 / p95`,
        `${pct(ms[way][i]!, 50).toFixed(2)} / ${pct(ms[way][i]!, 95).toFixed(2)} ms`,
        "",
      ]);
  reportRows(pg ? "gram pages (PostgreSQL)" : "gram pages (SQLite)", rows);
  if (differ > 0) process.exitCode = 1;
}

await main();
