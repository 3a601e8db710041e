import { type SQL, sql } from "drizzle-orm";
import { searchParts } from "./search-text.js";

// A prefix in a tsquery (`'xotonka':*`) is a partial match for GIN: it gathers every posting of every
// lexeme in the range into a bitmap before the other words can narrow it, where exact lexemes are merged
// with skipping. Two prefix words at 100,000 connectors, EXPLAIN ANALYZE: `'xotonka':* & 'xodemi':*` 2.7 ms,
// `'xotonka' & 'xodemi'` 0.2 (issue 29). search_words (migrations 0015_search_words and 0019_edge_words)
// holds every lexeme written to connector_search, of its words and of its description edges (a superset:
// rows are never deleted, duplicates are harmless), so a prefix standing for a few words is spelled out as
// them, read in the same statement (one snapshot): the same rows match. A word's range never holds an
// edge's `~` lexeme, and the ASCII runs an edge adds only make its OR longer, never its matches wider.
// Of the words' GIN conditions only relevance's uses it (pg-search.ts); ts_rank keeps the query as written,
// so the ranks are unchanged. The planner cannot estimate a query computed in the statement (it assumes 500
// rows): where an ordered index is another way in (the sorts with words, /v0.1's text group by name), it
// walked that index filtering tens of thousands of rows for a rare pair of words, so those keep the query
// as written, except /v0.1's text group of a needle of ASCII words: its query is computed beforehand, in
// the statement that looks up its description edges (pg-description-edges.ts), and reaches the text group
// as a constant. That lookup spells its edges' prefixes out too (GIN is its only way in).

/** A prefix standing for more words than this stays a prefix (an OR of many lexemes reads them all). */
const MAX_WORDS = 16;

/** A tsquery's operand, ANDed with the others: its text, and `prefix` when it is one lexeme as a prefix. */
export interface QueryPart {
  /** `'vika':*`, `'stock'`, a phrase. */
  text: string;
  /** `vika`: what the part's range of search_words starts with. */
  prefix?: string;
}

/**
 * The tsquery for the GIN condition of `terms` (an SQL expression): searchQuery's, with each prefix word
 * (`'vika':*`) that stands for 1 to MAX_WORDS words of search_words written as those words.
 */
export function ginQuery(terms: string[]): SQL {
  return spelledOut(searchParts(terms));
}

/**
 * `parts` ANDed as a tsquery (an SQL expression), each prefix part that stands for 1 to MAX_WORDS words of
 * search_words written as their OR.
 */
export function spelledOut(queryParts: QueryPart[]): SQL {
  const parts = queryParts.map((part, i) => {
    const hi = part.prefix === undefined ? undefined : successor(part.prefix);
    return { i, part: `(${part.text})`, lo: hi === undefined ? null : part.prefix, hi: hi ?? null };
  });
  // A lexeme is letters and digits; quoted anyway as search-text.ts quote() does.
  const quoted = sql.raw(`'''' || replace(replace(d.word, '\\', '\\\\'), '''', '''''') || ''''`);
  return sql`(SELECT string_agg(coalesce(
      (SELECT '(' || string_agg(${quoted}, ' | ' ORDER BY d.word) || ')'
        FROM (SELECT DISTINCT word FROM search_words WHERE word >= p.lo COLLATE "C" AND word < p.hi COLLATE "C" LIMIT ${sql.raw(String(MAX_WORDS + 1))}) d
        HAVING count(*) BETWEEN 1 AND ${sql.raw(String(MAX_WORDS))}),
      p.part), ' & ' ORDER BY p.i)
    FROM jsonb_to_recordset(${JSON.stringify(parts)}::text::jsonb) AS p(i integer, part text, lo text, hi text))::tsquery`;
}

/**
 * The least string above every string that starts with `prefix`, in code point order (search_words.word is
 * COLLATE "C", which compares UTF-8 bytes: the same order): its last character's successor. Undefined
 * when there is none (U+10FFFF): that prefix stays as written.
 */
export function successor(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return undefined;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1; // no surrogate is a character
  return chars.join("") + String.fromCodePoint(next);
}
