import type { Database, Statement } from "better-sqlite3";
import { ftsPhrases } from "./fts-match.js";
import { effectiveSort, RANK_BOOST } from "../../core/api/search.js";
import type { ConnectorSummary, SearchQuery } from "../listing-queries.js";
import { type SummaryRow, toSummary } from "../drizzle/summary-row.js";
import { GramPages, oneGram } from "./sqlite-gram-page.js";

// Column weights for bm25 (name, display_name, description, keywords): a name match weighs most.
export const BM25 = "bm25(connectors_fts, 10.0, 6.0, 1.0, 3.0)";

// Per sort: the key expression, the order, and the keyset condition that continues after (:k, :n).
const SORTS = {
  relevance: { key: "rank", order: "key ASC, name ASC", after: "(key > :k OR (key = :k AND name > :n))" },
  downloads: {
    key: "c.downloads",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
  updated: {
    key: "c.updated_at",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
  name: { key: "c.name", order: "name ASC", after: "name > :n" },
  quality: {
    key: "c.quality_score",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
} as const;

/**
 * Full-text search and listings over FTS5, with keyset pagination. Statements are prepared once per
 * shape (sort × text × category × publisher × cursor), so a query costs one index walk and no SQL compilation.
 */
export class SqliteSearch {
  private readonly cache = new Map<string, Statement>();
  /** The highest connector id: at least the number of rows bm25 counts (connectors_fts rowid = id). */
  private readonly maxId: Statement;
  private readonly grams: GramPages | undefined;

  /** `grams: false`: every relevance query ranks all its matches (the tests' reference for GramPages). */
  constructor(
    private readonly db: Database,
    options: { grams?: boolean } = {},
  ) {
    this.maxId = db.prepare("SELECT coalesce(max(id), 0) FROM connectors").pluck();
    this.grams = options.grams === false ? undefined : new GramPages(db, BM25, COLUMNS);
  }

  run(query: SearchQuery): ConnectorSummary[] {
    const hasText = query.terms.length > 0;
    const sort = effectiveSort(query.sort, query.terms);
    const filters = { category: query.category !== undefined, publisher: query.publisher !== undefined };
    const shape = `${sort}|${hasText}|${filters.category}|${filters.publisher}|${query.after !== undefined}`;
    let stmt = this.cache.get(shape);
    if (!stmt) {
      stmt = this.db.prepare(buildSql(sort, hasText, filters, query.after !== undefined));
      this.cache.set(shape, stmt);
    }
    const params: Record<string, unknown> = { limit: query.limit };
    if (hasText) {
      const phrases = ftsPhrases(query.terms);
      params.match = phrases.join(" ");
      const gram = sort === "relevance" && this.grams ? oneGram(query) : undefined;
      if (gram !== undefined && this.grams) {
        // One CJK gram (`股`, `股票`): ranked from connector_grams (sqlite-gram-page.ts), on a build whose
        // arithmetic is bm25's.
        const page = this.grams.run(query, gram);
        if (page) return page;
      }
      if (sort === "relevance") {
        params.exact = query.terms.join("-");
        // The same words, in the name or title only (an FTS5 column filter). A CJK run matches by its
        // grams, which only the `extra` column holds: it never lands in this tier.
        params.titled = `{name display_name} : (${params.match})`;
        params.bounded = tiersApart(phrases.length, this.maxId.get() as number) ? 1 : 0;
      }
    }
    if (query.category !== undefined) params.category = query.category;
    if (query.publisher !== undefined) params.publisher = query.publisher;
    if (query.after) {
      params.n = query.after.name;
      if (sort !== "name") params.k = query.after.key;
    }
    return (stmt.all(params) as SummaryRow[]).map(toSummary);
  }
}

function buildSql(
  sort: keyof typeof SORTS,
  hasText: boolean,
  filters: { category: boolean; publisher: boolean },
  hasAfter: boolean,
): string {
  if (hasText && sort === "relevance") return relevanceSql(filters, hasAfter);
  const spec = SORTS[sort];
  const where: string[] = [];
  if (hasText) where.push("c.id IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match)");
  // Without words, `+c.id` keeps the planner off "look up every member of the category, then sort them":
  // it walks the sort's index (downloads, updated, name) instead and stops after one page.
  if (filters.category) {
    where.push(
      `${hasText ? "c.id" : "+c.id"} IN (SELECT connector_id FROM connector_categories WHERE category = :category)`,
    );
  }
  // An equality on the indexed column (not `p.name = …` through the join), so the planner walks
  // connectors_publisher_name_idx: that publisher's rows only, already in name order.
  if (filters.publisher) where.push("c.publisher_id = (SELECT id FROM publishers WHERE name = :publisher)");
  const inner = `SELECT ${COLUMNS}, ${spec.key} AS key
    FROM connectors c JOIN publishers p ON p.id = c.publisher_id
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  return `SELECT * FROM (${inner}) ${hasAfter ? `WHERE ${spec.after}` : ""} ORDER BY ${spec.order} LIMIT :limit`;
}

export const COLUMNS = `c.name AS name, c.display_name, c.description, c.i18n, p.name AS publisher, c.version, c.keywords,
      c.categories, c.downloads, c.updated_at, c.quality_score, c.check_summary, p.verified_domains, p.unclaimed,
      c.repository`;

/**
 * Relevance in two phases, so a common word costs one pass over the index and not a join and a sort of
 * every match: (1) `m`, the id and rank of every match, from the FTS index alone (bm25 needs nothing
 * else); `cut`, the rank of the page's last row; (2) only the page's rows are joined: those ranked before
 * `cut`, and of those ranked exactly `cut` (thousands when a common word ranks many connectors alike) the
 * first by name, found by `tiesByName` without joining or sorting every tie. An exact name match comes
 * first whatever bm25 says (`tushare`, `weather-cn` typed as `weather cn`), then the matches whose name
 * or title holds every word (`titled`), by RANK_BOOST (src/core/api/search.ts). After a cursor (:k, :n), the
 * rows of rank :k named after :n come first, found the same way, then the rows ranked after :k.
 */
function relevanceSql(filters: { category: boolean; publisher: boolean }, hasAfter: boolean): string {
  // `+rowid`: a filter on the matches, never a rowid lookup driving the FTS query (which would run the
  // whole MATCH once per member of the category).
  const where = ["connectors_fts MATCH :match"];
  if (filters.category)
    where.push("+rowid IN (SELECT connector_id FROM connector_categories WHERE category = :category)");
  if (filters.publisher)
    where.push(
      "+rowid IN (SELECT id FROM connectors WHERE publisher_id = (SELECT id FROM publishers WHERE name = :publisher))",
    );
  const exactId = "(SELECT id FROM connectors WHERE name = :exact)";
  const key = `${BM25}
          - CASE WHEN rowid = ${exactId} THEN ${RANK_BOOST.exactName}.0 ELSE 0.0 END
          - CASE WHEN rowid IN titled THEN ${RANK_BOOST.nameOrTitle}.0 ELSE 0.0 END`;
  // A branch runs only when `on` holds, else it has LIMIT 0, which SQLite checks before its loop.
  const only = (on: string) => `LIMIT CASE WHEN ${on} THEN -1 ELSE 0 END`;
  const ctes = [
    // Every match whose name or title holds the words: one more walk of the same index.
    "titled AS MATERIALIZED (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :titled)",
    // The first tiers alone (the exact name, the titled matches), ranked only when they could fill the
    // page: bm25 is then computed for them, not for every match (the cost of a common word's page).
    `mt AS MATERIALIZED (SELECT * FROM (
      SELECT rowid AS id, ${key} AS key FROM connectors_fts
      WHERE ${where.join(" AND ")} AND (+rowid IN titled OR +rowid = ${exactId})
      ${only(":bounded AND (SELECT count(*) FROM titled) + 1 >= :limit")}))`,
    // When :bounded (tiersApart) every key of mt lies below every other match's: if mt holds a page after
    // the cursor, the page, its cut and its ties are all in mt, and the other matches need no rank.
    `alone AS MATERIALIZED (SELECT :bounded AND (SELECT count(*) FROM mt ${hasAfter ? "WHERE key > :k" : ""}) >= :limit AS yes)`,
    `m AS MATERIALIZED (
      SELECT id, key FROM mt WHERE (SELECT yes FROM alone)
      UNION ALL
      SELECT * FROM (SELECT rowid AS id, ${key} AS key FROM connectors_fts WHERE ${where.join(" AND ")}
        ${only("NOT (SELECT yes FROM alone)")}))`,
    `t AS (SELECT id, key FROM m ${hasAfter ? "WHERE key > :k" : ""})`,
    "cut AS (SELECT key FROM t ORDER BY key LIMIT 1 OFFSET :limit - 1)",
    "cut_ties AS MATERIALIZED (SELECT id FROM t WHERE key = (SELECT key FROM cut))",
    "cut_ties_n AS MATERIALIZED (SELECT count(*) AS n FROM cut_ties)",
  ];
  const parts = [
    "SELECT id, key FROM t WHERE key < coalesce((SELECT key FROM cut), 1e308)",
    `SELECT id, (SELECT key FROM cut) AS key FROM (${tiesByName("cut_ties", false)})`,
  ];
  if (hasAfter) {
    ctes.push("k_ties AS MATERIALIZED (SELECT id FROM m WHERE key = :k)");
    ctes.push("k_ties_n AS MATERIALIZED (SELECT count(*) AS n FROM k_ties)");
    parts.unshift(`SELECT id, :k AS key FROM (${tiesByName("k_ties", true)})`);
  }
  return `WITH ${ctes.join(",\n    ")}
    SELECT ${COLUMNS}, page.key AS key
    FROM (${parts.join("\n      UNION ALL ")}) page
    JOIN connectors c ON c.id = page.id JOIN publishers p ON p.id = c.publisher_id
    ORDER BY key ASC, name ASC LIMIT :limit`;
}

/**
 * Whether every match in the first tiers (exact name, name or title) outranks every other match for a
 * query of `phrases` FTS5 phrases over at most `rows` rows. FTS5's bm25 is −Σ idf × f(k1 + 1) / (f + k1(1 − b
 * + b·D/avgdl)) over the phrases, with k1 = 1.2, b = 0.75 and idf = ln((N − n + 0.5) / (n + 0.5)) for a phrase
 * in n ≥ 1 of N rows (1e-6 when not positive): each phrase adds less than 2.2 × ln((N − 0.5) / 1.5), so
 * while their sum stays under the name-or-title boost, a boosted key is below every unboosted one
 * (100,000 rows: up to 4 phrases). One below the boost leaves room for rounding.
 */
export function tiersApart(phrases: number, rows: number): boolean {
  const idf = Math.max(Math.log(Math.max((rows - 0.5) / 1.5, 1)), 1e-6);
  return phrases * 2.2 * idf < RANK_BOOST.nameOrTitle - 1;
}

/** Below this many ties, their names are read one by one; above it, the name index is walked. */
const FEW_TIES = 500;

/**
 * The first :limit ids of the set `ties` (a CTE of ids) in name order (after :n when `afterName`), without
 * sorting every tie: a few ties have their names read by primary key and sorted; many ties are found by
 * walking the name index (covering: name and rowid) from the start or from :n, each name's id checked
 * against the set, until :limit are found (about :limit × connectors / ties index entries). Which of the
 * two runs is decided once, from the count, before either loop starts.
 */
function tiesByName(ties: string, afterName: boolean): string {
  // The branch not taken has LIMIT 0, which SQLite checks before its loop: it reads nothing.
  const n = `(SELECT n FROM ${ties}_n)`;
  const few = `SELECT id FROM (
        SELECT id, (SELECT name FROM connectors WHERE id = x.id) AS name FROM ${ties} x)
        ${afterName ? "WHERE name > :n" : ""}
        ORDER BY name LIMIT CASE WHEN ${n} <= ${FEW_TIES} THEN :limit ELSE 0 END`;
  const many = `SELECT byname.id FROM connectors byname
        WHERE ${afterName ? "byname.name > :n AND" : ""} +byname.id IN (SELECT id FROM ${ties})
        ORDER BY byname.name LIMIT CASE WHEN ${n} > ${FEW_TIES} THEN :limit ELSE 0 END`;
  return `SELECT id FROM (${few}) UNION ALL SELECT id FROM (${many})`;
}
