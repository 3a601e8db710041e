import { type SQL, sql } from "drizzle-orm";
import { RANK_BOOST } from "../../core/api/search.js";
import { splitTerm } from "../../core/text/cjk.js";
import type { ConnectorFields } from "../connector-rows.js";
import type { Db } from "../drizzle/dialect.js";
import type { SearchQuery } from "../listing-queries.js";
import { quote, searchTokens } from "./search-text.js";

// One-gram CJK queries on PostgreSQL (issue 29): a query of one character matches 13,000–19,000 of 100,000
// connectors, and ts_rank over all of them was most of its cost. ts_rank for a query of one lexeme (or
// prefix) depends on the connector's vector alone, so connector_grams (migration 0013_connector_grams)
// keeps, for every such query a connector matches, its relevance key as relevancePg computes it (the same
// expression, rankKey), written with the connector; the page is then one index range.

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
// ts_rank weights {D, C, B, A} = description, keywords, display name, name: the ratios of SQLite's
// bm25(…, 10, 6, 1, 3). Normalization 1 divides by 1 + log(length), as bm25 favours short documents.
const RANK = sql.raw(`ts_rank('{0.1, 0.3, 0.6, 1.0}'::float4[], s.search, q.query, 1)`);

/**
 * relevancePg's key over connector_search `s` and the queries `q` (query, titled): −ts_rank, less the
 * exact-name and name-or-title boosts (RANK_BOOST). One expression for the search and the stored keys.
 */
export function rankKey(exact: SQL | string): SQL {
  return sql`(-${RANK} - CASE WHEN s.name = ${exact} THEN ${RANK_BOOST.exactName} ELSE 0 END
            - CASE WHEN s.titles @@ q.titled THEN ${RANK_BOOST.nameOrTitle} ELSE 0 END)::float8`;
}

/**
 * The connector_grams keys of the one-gram queries a vector's lexemes answer: `x*` for every lexeme
 * starting with the CJK character x (a one-character query, a prefix), and a lexeme of two CJK
 * characters itself (a two-character query). Lexemes as searchVector folds them.
 */
export function pgGramKeys(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts)
    for (const lexeme of searchTokens(text)) {
      const chars = [...lexeme];
      if (!CJK.test(chars[0]!)) continue;
      out.add(`${chars[0]}*`);
      if (chars.length === 2 && CJK.test(chars[1]!)) out.add(lexeme);
    }
  return out;
}

/** The tsquery literals (any field; name or title) that searchQuery writes for a one-gram key's query. */
export function gramQueries(key: string): { query: string; titled: string } {
  const prefix = key.endsWith("*");
  const lexeme = quote(prefix ? key.slice(0, -1) : key);
  return prefix
    ? { query: `(${lexeme}:*)`, titled: `(${lexeme}:*AB)` }
    : { query: `(${lexeme})`, titled: `(${lexeme}:AB)` };
}

/** The connector_grams key of a query of one CJK gram without filters (`股`, `股票`), as folded; else undefined. */
export function pgOneGram(query: SearchQuery): string | undefined {
  if (query.terms.length !== 1 || query.category !== undefined || query.publisher !== undefined) return;
  if (query.after !== undefined && typeof query.after.key !== "number") return;
  const { words, runs } = splitTerm(query.terms[0]!);
  const run = runs[0];
  if (words.length > 0 || runs.length !== 1 || run?.grams.length !== 1) return;
  const folded = searchTokens(run.grams[0]!).join("");
  const chars = [...folded];
  if (!chars.every((ch) => CJK.test(ch))) return;
  if (run.prefix) return chars.length === 1 ? `${folded}*` : undefined;
  return chars.length === 2 ? folded : undefined;
}

/**
 * Writes the connector_grams rows of connectors just written (after their connector_search rows, in the
 * same transaction): one per one-gram query each matches, keyed as relevancePg would rank it.
 */
export async function writePgGramRows(
  db: Db,
  rows: ReadonlyArray<{ connectorId: number; name: string; fields: ConnectorFields }>,
): Promise<void> {
  if (rows.length === 0) return;
  const ids = JSON.stringify(rows.map((r) => r.connectorId));
  await db.execute(
    sql`DELETE FROM connector_grams WHERE connector_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::integer)`,
  );
  const grams = rows.flatMap(({ connectorId, name, fields }) =>
    [
      ...pgGramKeys([
        name,
        fields.displayName ?? "",
        fields.keywords.join(" "),
        fields.description,
        fields.searchExtra ?? "",
      ]),
    ].map((gram) => ({ connector_id: connectorId, gram, ...gramQueries(gram) })),
  );
  if (grams.length === 0) return;
  await db.execute(sql`INSERT INTO connector_grams (gram, key, name, connector_id)
    SELECT q.gram, ${rankKey(sql`q.gram`)}, s.name, s.connector_id
    FROM connector_search s JOIN (
      SELECT x.connector_id, x.gram, x.query::tsquery AS query, x.titled::tsquery AS titled
      FROM jsonb_to_recordset(${JSON.stringify(grams)}::jsonb)
        AS x(connector_id integer, gram text, query text, titled text)) q
    ON q.connector_id = s.connector_id`);
}
