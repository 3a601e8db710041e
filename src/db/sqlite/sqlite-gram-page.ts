import Database, { type Statement } from "better-sqlite3";
import { RANK_BOOST } from "../../core/api/search.js";
import { splitTerm } from "../../core/text/cjk.js";
import type { ConnectorSummary, SearchQuery } from "../listing-queries.js";
import { type SummaryRow, toSummary } from "../drizzle/summary-row.js";
import { type Bm25Totals, docsizeLength, gramCounts, gramKey, oneGramBm25, varints } from "./gram-counts.js";

/** The connector_grams key of a query that is one CJK gram and nothing else (`股`, `股票`); else undefined. */
export function oneGram(query: SearchQuery): string | undefined {
  if (query.terms.length !== 1 || query.category !== undefined || query.publisher !== undefined) return;
  if (query.after !== undefined && typeof query.after.key !== "number") return;
  const { words, runs } = splitTerm(query.terms[0]!);
  const run = runs[0];
  if (words.length > 0 || runs.length !== 1 || run?.grams.length !== 1) return;
  return gramKey(run.grams[0]!, run.prefix);
}

interface Class {
  titled: number;
  freq: number;
  length: number;
}

/**
 * Relevance for a query of one CJK gram (issue 29: one character matches 13,000–19,000 of 100,000
 * connectors; bm25 over all of them cost ~10 ms, and bm25 at all costs two passes over them, one for its
 * idf) from connector_grams (sqlite-gram-rows.ts), without FTS5. For one phrase bm25 is a function of a
 * row's weighted instance count and length, and of the table's row and token totals and the phrase's
 * number of matching rows: connectors alike in (titled, freq, length) rank exactly alike. So each class's
 * key is computed as bm25 computes it (oneGramBm25: the totals from FTS5's averages record, the matches
 * counted in connector_grams), the classes are ordered by key, and the page is read by name from them in
 * order: the same rows, order and keys as relevanceSql. The arithmetic is checked against bm25 itself
 * once (`trusted`); where it differs (a C compiler fusing a multiply-add), every match is ranked as before.
 */
export class GramPages {
  /** Whether oneGramBm25 gives bm25's own values on this build (checked once, in memory). */
  readonly trusted: boolean;
  private readonly averages: Statement;
  private readonly ln: Statement;
  private readonly nextClass: Statement;
  private readonly hits: Statement;
  private readonly names: Statement;
  private readonly rows: Statement;

  constructor(
    private readonly db: Database.Database,
    bm25: string,
    columns: string,
  ) {
    this.averages = db.prepare("SELECT block FROM connectors_fts_data WHERE id = 1").pluck();
    this.ln = db.prepare("SELECT ln(?)").pluck();
    // The classes one by one, each a seek past the last (its rows are not read: `>=` the next length seeks,
    // where `>` the last one stepped through its rows), and the rows counted.
    this.nextClass = db.prepare(`SELECT titled, freq, length FROM connector_grams
      WHERE gram = :gram AND (titled, freq, length) >= (:titled, :freq, :length + 1)
      ORDER BY titled, freq, length LIMIT 1`);
    this.hits = db.prepare("SELECT count(*) FROM connector_grams WHERE gram = ?").pluck();
    this.names = db.prepare(`SELECT connector_id AS id, name FROM connector_grams
      WHERE gram = :gram AND titled = :titled AND freq = :freq AND length = :length AND name > :after
      ORDER BY name LIMIT :limit`);
    this.rows = db.prepare(`SELECT c.id AS id, ${columns} FROM connectors c
      JOIN publishers p ON p.id = c.publisher_id WHERE c.id IN (SELECT value FROM json_each(?))`);
    this.trusted = bm25Agrees(bm25);
  }

  /** The page of `query` (oneGram's `gram`), or undefined when this build's arithmetic is not bm25's. */
  run(query: SearchQuery, gram: string): ConnectorSummary[] | undefined {
    if (!this.trusted) return;
    return this.db.transaction(() => this.page(query, gram))();
  }

  private page(query: SearchQuery, gram: string): ConnectorSummary[] {
    const classes: Class[] = [];
    for (let last: Class = { titled: -1, freq: 0, length: -1 }; ;) {
      const next = this.nextClass.get({ gram, ...last }) as Class | undefined;
      if (!next) break;
      classes.push((last = next));
    }
    if (classes.length === 0) return []; // no match (and, in a table never written, no averages record)
    const [rows = 0, ...columns] = varints(this.averages.get() as Uint8Array);
    const totals: Bm25Totals = {
      rows,
      tokens: columns.reduce((a, b) => a + b, 0),
      hits: this.hits.get(gram) as number,
      ln: (x) => this.ln.get(x) as number,
    };
    // relevanceSql's key: bm25 − the exact-name boost − the title tier's. The first is 0.0: the term holds a
    // CJK character, which no connector name does (src/core/names.ts NAME).
    const keyed = classes
      .map((c) => ({
        ...c,
        key: oneGramBm25(totals, c.freq, c.length) - 0 - (c.titled ? RANK_BOOST.nameOrTitle : 0),
      }))
      .sort((x, y) => x.key - y.key);

    const after = query.after as { key: number; name: string } | undefined;
    const page: Array<{ id: number; name: string; key: number }> = [];
    for (let i = 0; i < keyed.length && page.length < query.limit;) {
      const key = keyed[i]!.key;
      let j = i;
      while (j < keyed.length && keyed[j]!.key === key) j++;
      const group = keyed.slice(i, j);
      i = j;
      if (after && key < after.key) continue;
      const limit = query.limit - page.length;
      const from = after && key === after.key ? after.name : "";
      const named = group.flatMap(
        (c) =>
          this.names.all({
            gram,
            titled: c.titled,
            freq: c.freq,
            length: c.length,
            after: from,
            limit,
          }) as Array<{
            id: number;
            name: string;
          }>,
      );
      named.sort((x, y) => Buffer.compare(Buffer.from(x.name), Buffer.from(y.name)));
      for (const row of named.slice(0, limit)) page.push({ ...row, key });
    }
    const found = new Map(
      (this.rows.all(JSON.stringify(page.map((p) => p.id))) as Array<SummaryRow & { id: number }>).map(
        (row) => [row.id, row],
      ),
    );
    return page.map((p) => toSummary({ ...found.get(p.id)!, key: p.key }));
  }
}

let agrees: boolean | undefined;

/**
 * Whether oneGramBm25 equals FTS5's bm25 to the bit for every row of a small table in memory (varied
 * counts, lengths and match numbers): the arithmetic is the same on every build unless its compiler fused
 * a multiply-add, which so many values would show.
 */
function bm25Agrees(bm25: string): boolean {
  if (agrees !== undefined) return agrees;
  const db = new Database(":memory:");
  try {
    db.exec(`CREATE VIRTUAL TABLE connectors_fts USING fts5(name, display_name, description, keywords, extra,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
    const han = "数据股票行情知识星球天气地图".split("");
    const insert = db.prepare(
      "INSERT INTO connectors_fts(rowid, name, display_name, description, keywords, extra) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const texts: string[][] = [];
    for (let i = 1; i <= 150; i++) {
      const word = (k: number) => han[(i * 7 + k * 3) % han.length]! + han[(i * k + 1) % han.length]!;
      const row = [
        `n${i}`,
        i % 9 === 0 ? word(1) : "",
        `words ${"x ".repeat(i % 23)} ${i % 4 === 0 ? word(2) : ""}`,
        i % 5 === 0 ? `["${word(3)}"]` : "[]",
        Array.from({ length: 1 + (i % 6) }, (_, k) => word(k)).join(" "),
      ];
      insert.run(i, ...row);
      texts.push(row);
    }
    // Each row's counts once (every gram of it), not once per gram matching it: 150 reads, not ~2,500.
    const counts = texts.map((row) => gramCounts(row));
    const [rows = 0, ...columns] = varints(
      db.prepare("SELECT block FROM connectors_fts_data WHERE id = 1").pluck().get() as Uint8Array,
    );
    const ln = db.prepare("SELECT ln(?)").pluck();
    const size = db.prepare("SELECT sz FROM connectors_fts_docsize WHERE id = ?").pluck();
    for (const gram of [...han.map((ch) => `${ch}*`), "数据", "股票", "星球"]) {
      const match = gram.endsWith("*") ? `"${gram.slice(0, -1)}"*` : `"${gram}"`;
      const real = db
        .prepare(`SELECT rowid AS id, ${bm25} AS r FROM connectors_fts WHERE connectors_fts MATCH ?`)
        .all(match) as Array<{ id: number; r: number }>;
      const totals: Bm25Totals = {
        rows,
        tokens: columns.reduce((a, b) => a + b, 0),
        hits: real.length,
        ln: (x) => ln.get(x) as number,
      };
      for (const { id, r } of real) {
        const freq = counts[id - 1]!.get(gram)?.freq ?? -1;
        if (oneGramBm25(totals, freq, docsizeLength(size.get(id) as Uint8Array)) !== r)
          return (agrees = false);
      }
    }
    return (agrees = true);
  } catch {
    return (agrees = false);
  } finally {
    db.close();
  }
}
