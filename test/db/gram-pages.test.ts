import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { migrationsDir } from "../../src/db/migrations-dir.js";
import type { ConnectorFields } from "../../src/db/connector-rows.js";
import { openDatabase } from "../../src/db/open-database.js";
import { gramQueries, pgOneGram } from "../../src/db/postgres/pg-gram-rows.js";
import { searchPg } from "../../src/db/postgres/pg-search.js";
import { searchQuery } from "../../src/db/postgres/search-text.js";
import { docsizeLength, fts5Tokens, gramCounts } from "../../src/db/sqlite/gram-counts.js";
import { GramPages, oneGram } from "../../src/db/sqlite/sqlite-gram-page.js";
import { BM25, COLUMNS, SqliteSearch } from "../../src/db/sqlite/sqlite-search.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { tempDir } from "../helpers/tmp.js";
import { gramPagesContract } from "./gram-pages-contract.js";
import { migrationRecordedAt } from "../helpers/migrations.js";

/** A connector's stored fields with the given text (what the gram rows read). */
function fieldsOf(
  name: string,
  text: string,
  extra: string,
  displayName: string | null = null,
): ConnectorFields {
  return {
    displayName,
    description: text,
    i18n: null,
    searchExtra: extra,
    keywords: [],
    categories: [],
    version: "1.0.0",
    latest: "1.0.0",
    updatedAt: "t",
    document: { body: "{}", etag: "e" },
    nameSkeleton: name,
    displaySkeleton: displayName,
    qualityScore: 0,
    upstreamName: null,
    outline: "",
    repository: null,
  };
}

gramPagesContract("SQLite", async () => {
  const file = path.join(await tempDir(), "r.db");
  const repo = await openDatabase(file);
  const db = new Database(file, { readonly: true });
  const full = new SqliteSearch(db, { grams: false });
  const pages = new GramPages(db, BM25, COLUMNS);
  return {
    repo,
    full: async (query) => full.run(query),
    async answered(query) {
      const gram = oneGram(query);
      return gram !== undefined && pages.run(query, gram) !== undefined;
    },
    close: async () => {
      db.close();
    },
  };
});

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});
describe.skipIf(!available)("PostgreSQL", () => {
  gramPagesContract("PostgreSQL", async () => {
    const test = await createTestDatabase();
    databases.push(test);
    const repo = await openDatabase(test.url);
    const client = postgres(test.url, { max: 1, onnotice: () => undefined });
    return {
      repo,
      full: (query) => searchPg(client, query, { grams: false }),
      async answered(query) {
        const gram = pgOneGram(query);
        return (
          gram !== undefined &&
          gramQueries(gram).query === searchQuery(query.terms) &&
          gramQueries(gram).titled === searchQuery(query.terms, "AB")
        );
      },
      close: () => client.end(),
    };
  });
});

describe("SQLite gram rows read text as FTS5 does", () => {
  const TEXTS = [
    "知识星球 数据、股票 and 天气",
    "A股股票、指数、基金和期货数据",
    "がぎ\u3099ぐ カタカナ ｶﾀｶﾅ 한국어 뉴스",
    "豈更 \u{20000}\u{20001} 𠀀x 数\u0301据 e\u0301t\u00e9 ÉCOLE",
    '["数据","kw"] 1½ ⅷ 〇一 ㈱ 🙂数 数🙂据 ★数 Ａ数 𝐀',
  ];

  it("splits and folds tokens as unicode61 remove_diacritics 2 does (its vocabulary and docsize)", () => {
    const db = new Database(":memory:");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')");
    const insert = db.prepare("INSERT INTO t(rowid, a) VALUES (?, ?)");
    TEXTS.forEach((text, i) => insert.run(i + 1, text));
    TEXTS.forEach((text, i) => {
      const theirs = db
        .prepare("SELECT term FROM v WHERE doc = ? ORDER BY offset")
        .pluck()
        .all(i + 1) as string[];
      expect(
        fts5Tokens(text).map((t) => t.join("")),
        text,
      ).toEqual(theirs);
      const sz = db
        .prepare("SELECT sz FROM t_docsize WHERE id = ?")
        .pluck()
        .get(i + 1) as Buffer;
      expect(docsizeLength(sz)).toBe(theirs.length);
    });
    db.close();
  });

  it("counts a gram's instances per column weight, and the title tier", () => {
    const counts = gramCounts(["", "数据", "数据 股票数据", "[]", "数据 据股"]);
    expect(counts.get("数*")).toEqual({ freq: 6 + 1 + 1, titled: true });
    expect(counts.get("数据")).toEqual({ freq: 6 + 1 + 1, titled: true });
    expect(counts.get("股*")).toEqual({ freq: 1, titled: false });
    expect(counts.get("股票")).toBeUndefined(); // 股票数据 is one token: `股票` matches it only as `股`*
    expect(counts.get("据*")).toEqual({ freq: 1, titled: false });
  });

  it("is used only for one gram without filters", () => {
    const q = { sort: "relevance" as const, limit: 5 };
    expect(oneGram({ ...q, terms: ["股"] })).toBe("股*");
    expect(oneGram({ ...q, terms: ["股票"] })).toBe("股票");
    expect(oneGram({ ...q, terms: ["股票市"] })).toBeUndefined();
    expect(oneGram({ ...q, terms: ["a股"] })).toBeUndefined();
    expect(oneGram({ ...q, terms: ["股", "票"] })).toBeUndefined();
    expect(oneGram({ ...q, terms: ["股"], category: "finance" })).toBeUndefined();
    expect(oneGram({ ...q, terms: ["股"], after: { key: "x", name: "a" } })).toBeUndefined();
  });
});

describe.skipIf(!available)("PostgreSQL migration 0013", () => {
  it("fills connector_grams for rows from before it with the keys the writes store", async () => {
    const test = await createTestDatabase();
    databases.push(test);
    const repo = await openDatabase(test.url);
    const client = postgres(test.url, { max: 1, onnotice: () => undefined });
    try {
      const { id } = await repo.ensurePublisher("acme", "t");
      await repo.transaction(async (tx) => {
        for (const [i, text] of [
          "知识星球 数据",
          "A股股票、指数 数据",
          "한국어 뉴스 が カ",
          "数据 plain",
        ].entries()) {
          const name = `m-${i}`;
          const extra = `${text} ${i === 0 ? "知识 识星 星球 球" : ""}`;
          const fields = fieldsOf(name, text, extra, i === 3 ? "数据" : null);
          await tx.createConnector({ name, publisherId: id, createdAt: "t", fields });
        }
      });
      const rows = () =>
        client.unsafe<Array<{ gram: string; key: number; name: string }>>(
          "SELECT gram, key, name FROM connector_grams ORDER BY gram, key, name",
        );
      const written = await rows();
      expect(written.length).toBeGreaterThan(10);
      const migration = fs.readFileSync(path.join(migrationsDir("pg"), "0013_connector_grams.sql"), "utf8");
      const fill = migration.split("--> statement-breakpoint").at(-1)!;
      await client.unsafe("DELETE FROM connector_grams");
      await client.unsafe(fill);
      const grams = new Set(written.map((r) => r.gram));
      expect((await rows()).filter((r) => grams.has(r.gram))).toEqual(written);
    } finally {
      await client.end();
      await repo.close();
    }
  });
});

describe("SQLite migration 0012", () => {
  it("fills connector_grams at open for rows from before it, as the writes store them", async () => {
    const file = path.join(await tempDir(), "r.db");
    let repo = await openDatabase(file);
    const { id } = await repo.ensurePublisher("acme", "t");
    await repo.transaction(async (tx) => {
      for (const [i, text] of ["知识星球 数据", "数据 股票", "数据", "🙂数 ｶﾀ 한국어"].entries()) {
        const name = `m-${i}`;
        await tx.createConnector({
          name,
          publisherId: id,
          createdAt: "t",
          fields: fieldsOf(name, text, text, i ? null : "数据"),
        });
      }
    });
    await repo.close();
    const db = new Database(file);
    const rows = () =>
      db.prepare("SELECT * FROM connector_grams ORDER BY gram, titled, freq, length, name").all();
    const written = rows();
    expect(written.length).toBeGreaterThan(10);
    // Back to before 0012, with rows (0013's record too: it remakes connectors_fts, which it finds as it left
    // it; and 0014's column and 0015's table).
    db.exec(`DROP TABLE connector_grams; DROP TRIGGER connector_grams_delete;
      ALTER TABLE connectors DROP COLUMN outline;
      DROP TABLE connectors_rev; DROP TRIGGER connectors_rev_delete;
      DELETE FROM __drizzle_migrations WHERE created_at >= ${migrationRecordedAt("sqlite", "0012_connector_grams")}`);
    repo = await openDatabase(file); // applies 0012 and those after it again, then fills the rows
    try {
      expect(rows()).toEqual(written);
      expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'connector_grams'").pluck().get()).toBe(0);
      const pages = new GramPages(db, BM25, COLUMNS);
      expect(pages.trusted).toBe(true);
      const query = { terms: ["数"], sort: "relevance" as const, limit: 3 };
      expect(pages.run(query, "数*")).toEqual(new SqliteSearch(db, { grams: false }).run(query));
    } finally {
      db.close();
      await repo.close();
    }
  });
});

it("SQLite: a one-gram query on a registry never written to finds nothing (no FTS5 averages yet)", async () => {
  const repo = await openDatabase(path.join(await tempDir(), "r.db"));
  try {
    expect(await repo.search({ terms: ["股"], sort: "relevance", limit: 5 })).toEqual([]);
  } finally {
    await repo.close();
  }
});
