import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { effectiveSort } from "../../core/api/search.js";
import { hasCjk } from "../../core/text/cjk.js";
import type { ConnectorSummary, SearchQuery } from "../listing-queries.js";
import { type SummaryRow, toSummary } from "../drizzle/summary-row.js";
import { gramQueries, pgOneGram, rankKey } from "./pg-gram-rows.js";
import { ginQuery } from "./pg-prefix-words.js";
import { searchQuery } from "./search-text.js";

const dialect = new PgDialect();

/**
 * Search and listings on PostgreSQL with the FTS5 results contract: every term must match as a prefix
 * of a word in name, display name, keywords or description (GIN index on `connectors.search`); relevance
 * puts an exact name first, then rank; ties and pages go by name. Keyset pagination, as on SQLite.
 * Each query shape (sort × words × category × publisher × cursor, 64 in all) becomes one prepared statement.
 */
export async function searchPg(
  client: Sql,
  query: SearchQuery,
  options: { grams?: boolean } = {},
): Promise<ConnectorSummary[]> {
  const hasText = query.terms.length > 0;
  const sort = effectiveSort(query.sort, query.terms);
  const tsquery = hasText ? searchQuery(query.terms) : undefined;
  if (hasText && tsquery === undefined) return []; // the words normalize to nothing, which matches nothing
  // Relevance only with words (effectiveSort), which normalized to something (above).
  if (sort === "relevance") return relevancePg(client, query, tsquery!, options.grams ?? true);

  const where: SQL[] = [];
  let from = sql`connectors c JOIN publishers p ON p.id = c.publisher_id`;
  if (tsquery !== undefined) {
    from = sql`${from} CROSS JOIN (SELECT ${tsquery}::tsquery AS query) q`;
    where.push(sql`c.search @@ q.query`);
  }
  if (query.category !== undefined) {
    where.push(
      sql`c.id IN (SELECT connector_id FROM connector_categories WHERE category = ${query.category})`,
    );
  }
  // On the indexed column, as on SQLite: connectors_publisher_name_idx gives that publisher's rows in name order.
  if (query.publisher !== undefined) {
    where.push(sql`c.publisher_id = (SELECT id FROM publishers WHERE name = ${query.publisher})`);
  }
  // Without words or publisher, the sort's own column, so ORDER BY … LIMIT walks its index
  // (connectors_downloads_idx and the like) and stops after a page, with or without a category (a
  // category listing by downloads sorted every member, issue 29). With words, the key expression
  // (`downloads::float8`) keeps the planner on the GIN index and a sort of the matches, and with a
  // publisher on that publisher's rows (connectors_publisher_name_idx): a walk of the sort's index testing
  // each row would read every row for a rare word or a small publisher. The cursor's key is the float8
  // (or text) the page reported.
  const walk = tsquery === undefined && query.publisher === undefined;
  const { column, key } = {
    downloads: { column: sql`c.downloads`, key: sql`c.downloads::float8` },
    updated: { column: sql`c.updated_at`, key: sql`c.updated_at` },
    name: { column: sql`c.name`, key: sql`c.name` },
    quality: { column: sql`c.quality_score`, key: sql`c.quality_score::float8` },
  }[sort];
  if (query.after) {
    const n = query.after.name;
    const k = query.after.key;
    if (sort === "name") where.push(sql`c.name > ${n}`);
    else if (sort === "updated") {
      // The first conjunct bounds the index walk; the second is the exact keyset.
      if (walk) where.push(sql`c.updated_at <= ${String(k)}`);
      where.push(sql`(c.updated_at < ${String(k)} OR (c.updated_at = ${String(k)} AND c.name > ${n}))`);
    } else {
      // A whole-number column below a key k holds at most floor(k): that bounds the index walk (a forged
      // cursor's huge key bounds nothing), and the comparison as float8 is the exact keyset.
      const bound = Math.abs(Number(k)) < 9e18 ? String(Math.floor(Number(k))) : undefined;
      if (walk && bound !== undefined) where.push(sql`${column} <= ${bound}::bigint`);
      where.push(sql`(${key} < ${k}::float8 OR (${key} = ${k}::float8 AND c.name > ${n}))`);
    }
  }
  const order = sort === "name" ? sql`c.name ASC` : sql`${walk ? column : key} DESC, c.name ASC`;
  const built = dialect.sqlToQuery(
    sql`SELECT ${COLUMNS}, ${key} AS key
    FROM ${from} ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY ${order} LIMIT ${query.limit}`,
  );
  const rows = await client.unsafe<SummaryRow[]>(built.sql, built.params as never[], { prepare: true });
  return rows.map(toSummary);
}

const COLUMNS = sql`c.name, c.display_name, c.description, c.i18n, p.name AS publisher, c.version, c.keywords,
      c.categories, c.downloads::float8 AS downloads, c.updated_at, c.quality_score, c.check_summary, p.verified_domains, p.unclaimed,
      c.repository`;

/**
 * Relevance from the narrow search table (schema.ts connectorSearch): the GIN index finds the matches,
 * their rank and name come from small rows (not a wide connectors row per match), a top-N sort by
 * (rank, name) keeps the page, and only the page's connectors and publishers are read.
 */
async function relevancePg(
  client: Sql,
  query: SearchQuery,
  tsquery: string,
  grams: boolean,
): Promise<ConnectorSummary[]> {
  const filters: SQL[] = [];
  if (query.category !== undefined) {
    filters.push(
      sql`s.connector_id IN (SELECT connector_id FROM connector_categories WHERE category = ${query.category})`,
    );
  }
  if (query.publisher !== undefined) {
    filters.push(
      sql`s.connector_id IN (SELECT id FROM connectors WHERE publisher_id = (SELECT id FROM publishers WHERE name = ${query.publisher}))`,
    );
  }
  const after = query.after
    ? sql`WHERE (key > ${query.after.key}::float8 OR (key = ${query.after.key}::float8 AND name > ${query.after.name}))`
    : sql``;
  // Name A and display name B (search-text.ts searchVector): the words in the name or title.
  const titled = searchQuery(query.terms, "AB") ?? tsquery;
  const exact = query.terms.join("-");
  const page = (match: SQL, gin = false) =>
    dialect.sqlToQuery(sql`WITH page AS (
      SELECT id, name, key FROM (
        SELECT s.connector_id AS id, s.name AS name, ${rankKey(exact)} AS key
        FROM connector_search s CROSS JOIN (SELECT ${tsquery}::tsquery AS query, ${titled}::tsquery AS titled${gin ? sql`, ${ginQuery(query.terms)} AS gin` : sql``}) q
        WHERE ${sql.join([match, ...filters], sql` AND `)}) m
      ${after} ORDER BY key ASC, name ASC LIMIT ${query.limit})
    SELECT ${COLUMNS}, page.key AS key
    FROM page JOIN connectors c ON c.id = page.id JOIN publishers p ON p.id = c.publisher_id
    ORDER BY page.key ASC, page.name ASC`);
  // One CJK gram (`股`, `股票`): its keys are stored (pg-gram-rows.ts), the page is an index range. The
  // cursor as a row comparison, which seeks; `key > k OR (key = k AND name > n)` filtered every row before it.
  const gram = grams ? pgOneGram(query) : undefined;
  if (gram !== undefined) {
    const stored = gramQueries(gram);
    if (stored.query === tsquery && stored.titled === titled) {
      const built = dialect.sqlToQuery(sql`WITH page AS (
        SELECT connector_id AS id, name, key FROM connector_grams
        WHERE gram = ${gram} ${query.after ? sql`AND (key, name) > (${query.after.key}::float8, ${query.after.name})` : sql``}
        ORDER BY key ASC, name ASC LIMIT ${query.limit})
      SELECT ${COLUMNS}, page.key AS key
      FROM page JOIN connectors c ON c.id = page.id JOIN publishers p ON p.id = c.publisher_id
      ORDER BY page.key ASC, page.name ASC`);
      const rows = await client.unsafe<SummaryRow[]>(built.sql, built.params as never[], { prepare: true });
      return rows.map(toSummary);
    }
  }
  // The first tiers (exact name, name or title) alone first: ts_rank with these weights and normalization
  // stays under 2 and the name-or-title boost is 100, so every boosted key lies below every other match's,
  // and when the tiers fill the page after the cursor it is the page; only then are the other matches not
  // ranked (a common word's page ranked every match: the cost of a first-asked search, issue 29). One word
  // only, and not CJK: when the tiers fall short the second query repeats the work, which measured slower
  // for two words (p50 1.7 → 3.0 ms at 100,000, the tiers mostly empty) and for CJK, whose grams are
  // weight-D lexemes (1 character: p50 21.8 → 34.3 ms, every match of its grams rechecked for nothing).
  // The tiers are the matches with the name or title (titles: the vector's A and B positions, with its
  // own GIN index; a match of `titled` is a match of the query, as it only narrows each word's fields) and
  // the exact name if it matches. `s.search @@ q.query` as the whole condition had GIN give every row holding
  // the word in any field, each rechecked for its weights: a prefix in 7,000 rows for 500 titled (issue 29).
  if (query.terms.length === 1 && !hasCjk(query.terms[0]!)) {
    const first = page(
      sql`(s.titles @@ q.titled OR (s.connector_id = (SELECT id FROM connectors WHERE name = ${exact}) AND s.name = ${exact} AND s.search @@ q.query))`,
    );
    const tierRows = await client.unsafe<SummaryRow[]>(first.sql, first.params as never[], { prepare: true });
    if (tierRows.length >= query.limit) return tierRows.map(toSummary);
  }
  // The matches by the GIN query (pg-prefix-words.ts: its prefix words spelled out), ranked by the query.
  const built = page(sql`s.search @@ q.gin`, true);
  const rows = await client.unsafe<SummaryRow[]>(built.sql, built.params as never[], { prepare: true });
  return rows.map(toSummary);
}
