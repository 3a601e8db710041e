import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { type QueryPart, spelledOut } from "./pg-prefix-words.js";

const dialect = new PgDialect();

/** Up to this many edge candidates, the text group reads them; more, and it falls back to the trigram index. */
const FEW_EDGES = 1000;

/** A needle of ASCII words: lower-case letters and digits, one space between words. */
const ASCII_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)+$/;

/**
 * The `connector_search.edges` query (migration 0017) every description holding `needle` matches, as the
 * parts ANDed (edgeCandidates spells their prefixes out), or undefined when the needle is not ASCII words
 * or has fewer than two words that narrow it. In a description holding `w1 w2 … wn`, w1 ends a word,
 * each middle word is a whole word and wn starts one: spaces bound them in lower(description), and the
 * words of `search` (search-text.ts) fold only what is not ASCII, so those words' ASCII edges are
 * `'~' || reverse(w1)` as a prefix, the middle words exactly and wn as a prefix.
 * A first or last word under 4 characters is left out: leaving a condition out only widens the
 * candidates (strpos decides), and a short prefix is a long range of the index whose every posting list
 * is read (at 100,000 bench connectors `'~reb':* & 'ton':*` took 7.7 ms to find none, where the trigram
 * path answers in 1). With fewer than two conditions left, the trigram index it is: one word's edges
 * are often held by more rows than are read one by one, and that lookup would only add to the trigram
 * path's (`'~aknot':*`, 21 ms for more than 1,000 rows, on the bench's 15 syllables).
 */
export function edgesQuery(needle: string): QueryPart[] | undefined {
  if (!ASCII_WORDS.test(needle)) return undefined;
  const words = needle.split(" ");
  const first = words[0]!;
  const last = words.at(-1)!;
  const reversed = `~${[...first].reverse().join("")}`;
  const parts: QueryPart[] = [
    ...(first.length >= 4 ? [{ text: `'${reversed}':*`, prefix: reversed }] : []),
    ...words.slice(1, -1).map((word) => ({ text: `'${word}'` })),
    ...(last.length >= 4 ? [{ text: `'${last}':*`, prefix: last }] : []),
  ];
  return parts.length >= 2 ? parts : undefined;
}

/** What the text group of a needle of ASCII words looks up before it runs (edgeCandidates). */
export interface EdgeCandidates {
  /** The ids, as a PostgreSQL array literal, when they are at most FEW_EDGES; undefined when more. */
  ids: string | undefined;
  /** `words` computed (a tsquery's text), when asked for. */
  words: string | undefined;
}

/**
 * The ids of the connectors whose description edges match `query` (edgesQuery), its prefixes spelled out
 * as the edges they stand for (pg-prefix-words.ts: `'~imurnot':* & 'zimilo':*` gathered every posting of
 * both ranges, about 1.25 ms of a 2 ms lookup at 100,000 connectors, issue 29), when they are at most
 * FEW_EDGES (the lookup stops one past it), and in the same statement (no round trip of its own) `words`,
 * a tsquery expression computed here so the text group's planner sees a constant: its prefixes spelled out
 * as the words they stand for (pg-prefix-words.ts ginQuery), which GIN merges with skipping where a
 * prefix is a partial match gathering every posting of its range (`'loneka':* & 'tatalo':*` 3.5 ms vs
 * `'loneka' & 'tatalo'` 1.1–1.8 ms for the whole text group at 100,000 connectors, issue 29).
 */
export async function edgeCandidates(client: Sql, query: QueryPart[], words?: SQL): Promise<EdgeCandidates> {
  const built = dialect.sqlToQuery(sql`SELECT
      (SELECT CASE WHEN count(*) <= ${sql.raw(String(FEW_EDGES))} THEN coalesce(array_agg(e.id), '{}')::text END
        FROM (SELECT connector_id AS id FROM connector_search WHERE edges @@ ${spelledOut(query)}
          LIMIT ${sql.raw(String(FEW_EDGES + 1))}) e) AS ids,
      ${words !== undefined ? sql`(${words})::text` : sql`NULL::text`} AS words`);
  const [row] = await client.unsafe<Array<{ ids: string | null; words: string | null }>>(
    built.sql,
    built.params as never[],
    { prepare: true },
  );
  return { ids: row?.ids ?? undefined, words: row?.words ?? undefined };
}
