import path from "node:path";
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import type { SearchQuery } from "../../src/db/listing-queries.js";
import { SqliteSearch, tiersApart } from "../../src/db/sqlite/sqlite-search.js";
import { SqliteServerList } from "../../src/db/sqlite/sqlite-server-list.js";
import { tempDir } from "../helpers/tmp.js";

// Plans, not timings: the statements whose cost must not grow with the registry use an index.
const plan = (db: Database.Database, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
    .map((r) => r.detail)
    .join("\n");

it("rewriting one connector's categories reads its rows by index, not a scan of every category row", async () => {
  const file = path.join(await tempDir(), "r.db");
  await (await openDatabase(file)).close(); // the real migrations
  const db = new Database(file, { readonly: true });
  try {
    const detail = plan(db, "DELETE FROM connector_categories WHERE connector_id = 1");
    expect(detail).toContain("USING COVERING INDEX connector_categories_connector_idx");
    expect(detail).not.toMatch(/^SCAN connector_categories$/m);
  } finally {
    db.close();
  }
});

it("a start's look for unsigned versions reads their partial index, not every version row", async () => {
  const file = path.join(await tempDir(), "r.db");
  const repo = await openDatabase(file); // the real migrations
  const prepared: string[] = [];
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database.Database, text: string) {
    prepared.push(text);
    return prepare.call(this, text);
  } as typeof prepare;
  try {
    // What backfillSignatures asks at every start.
    await repo.log.unsignedCount();
    await repo.log.unsignedConnectors();
  } finally {
    Database.prototype.prepare = prepare;
    await repo.close();
  }
  const db = new Database(file, { readonly: true });
  try {
    const asked = prepared.filter((text) => text.includes('"versions"'));
    expect(asked).toHaveLength(2);
    for (const text of asked) {
      const detail = plan(db, text);
      expect(detail).toContain("versions_unsigned_idx");
      expect(detail).not.toMatch(/^SCAN versions$/m);
    }
  } finally {
    db.close();
  }
});

/** The SQL SqliteSearch prepares for a query (the statement it really runs last), from the real migrations. */
async function searchSql(query: SearchQuery): Promise<{ db: Database.Database; sql: string[] }> {
  const file = path.join(await tempDir(), "r.db");
  await (await openDatabase(file)).close();
  const db = new Database(file, { readonly: true });
  const sql: string[] = [];
  const spy = new Proxy(db, {
    get: (target, key) =>
      key === "prepare"
        ? (text: string) => (sql.push(text), target.prepare(text))
        : (Reflect.get(target, key) as unknown),
  });
  new SqliteSearch(spy).run(query);
  return { db, sql: sql.slice(-1) };
}

it("a category listing without words walks the sort's index and stops after a page", async () => {
  for (const [sort, index] of [
    ["updated", "connectors_updated_idx"],
    ["downloads", "connectors_downloads_idx"],
    ["name", "connectors_name_"], // the unique index or (name, id): both are in name order
  ] as const) {
    const { db, sql } = await searchSql({ terms: [], category: "finance", sort, limit: 20 });
    try {
      const detail = plan(db, sql[0]!.replaceAll(/:\w+/g, "1"));
      expect(detail).toContain(`SCAN c USING INDEX ${index}`);
      expect(detail).not.toContain("TEMP B-TREE");
    } finally {
      db.close();
    }
  }
});

it("relevance ranks from the FTS index alone and joins only the page; filters never drive the MATCH", async () => {
  const { db, sql } = await searchSql({
    terms: ["weather"],
    category: "finance",
    sort: "relevance",
    limit: 20,
  });
  try {
    const detail = plan(db, sql[0]!.replaceAll(/:\w+/g, "'x'"));
    expect(detail).toContain("MATERIALIZE m");
    expect(detail).toContain("MATERIALIZE mt");
    // Three full-text scans, each once: the words in name or title (the relevance tier of
    // src/core/api/search.ts, RANK_BOOST), every word ranked for that tier alone (mt), and every word
    // ranked for all matches (only when the tier cannot fill the page); no rowid-driven MATCH per category
    // member; connectors read by primary key only.
    expect(detail.match(/SCAN connectors_fts VIRTUAL TABLE INDEX 0:M/g)).toHaveLength(3);
    expect(detail).toContain("SEARCH c USING INTEGER PRIMARY KEY (rowid=?)");
    expect(detail).not.toMatch(/SCAN c\b/);
    // Many ties at the page's last rank are found in name order by walking the covering name index.
    expect(detail).toMatch(/SCAN byname USING COVERING INDEX connectors_name_/);
  } finally {
    db.close();
  }
});

it("ranks the first tiers alone only while no other match can outrank them (bm25's bound)", () => {
  // Each phrase adds less than 2.2 × ln((rows − 0.5) / 1.5) to bm25: 24.4 at 100,000 rows, 34.6 at 10 million.
  expect([1, 2, 3, 4, 5].map((phrases) => tiersApart(phrases, 100_000))).toEqual([
    true,
    true,
    true,
    true,
    false,
  ]);
  expect([2, 3].map((phrases) => tiersApart(phrases, 10_000_000))).toEqual([true, false]);
  expect(tiersApart(1, 0)).toBe(true);
});

it("a /v0.1 needle with a space looks up its descriptions in the word index, not the trigram table", async () => {
  const file = path.join(await tempDir(), "r.db");
  await (await openDatabase(file)).close();
  const db = new Database(file, { readonly: true });
  const sql: string[] = [];
  const spy = new Proxy(db, {
    get: (target, key) =>
      key === "prepare"
        ? (text: string) => (sql.push(text), target.prepare(text))
        : (Reflect.get(target, key) as unknown),
  });
  try {
    new SqliteServerList(spy).run({
      prefix: "dev.connectory/",
      needle: "stock pri",
      terms: ["stock", "pri"],
      limit: 30,
    });
    const candidates = sql.filter((s) => s.includes(":last"));
    expect(candidates).toHaveLength(1);
    const detail = plan(db, candidates[0]!.replaceAll(/:\w+/g, "'x'"));
    expect(detail).toMatch(/SCAN connectors_fts VIRTUAL TABLE INDEX/);
    expect(sql.join("\n")).not.toContain("connectors_substr WHERE description LIKE");
  } finally {
    db.close();
  }
});
