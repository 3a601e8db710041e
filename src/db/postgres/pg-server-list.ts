import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import {
  LATEST_COLUMNS,
  LATEST_JOIN,
  outlineColumns,
  type ServerListQuery,
  type ServerListRow,
} from "../listing-queries.js";
import { nameMatch } from "../server-list-match.js";
import { type EdgeCandidates, edgeCandidates, edgesQuery } from "./pg-description-edges.js";
import { ginQuery } from "./pg-prefix-words.js";
import { searchQuery } from "./search-text.js";

const dialect = new PgDialect();

/** A row's outline, or its whole document when it has none made from that document. */
const LISTED = sql.raw(outlineColumns("c.document"));
const LATEST = sql.raw(LATEST_COLUMNS);

/**
 * The connectors of an official registry listing on PostgreSQL, with SQLite's contract: a substring of
 * the name (strpos, no LIKE wildcards) or a full-text match (the GIN-indexed tsvector), name matches
 * first (group 0), then by name (collation C, as SQLite compares); keyset from (group, name). As on
 * SQLite, each group is its own LIMITed query in name order, the text-match group only when the name
 * matches leave the page short, so no query sorts every match; only the page's documents are read.
 * A needle with trigrams has the name group read from its candidates in `connector_search.names`
 * (migration 0011, pg_trgm) when they are at most FEW: a rare needle costs its few rows, not a walk of
 * every name (issue 29), as on SQLite.
 */
export async function listServersPg(client: Sql, query: ServerListQuery): Promise<ServerListRow[]> {
  const match = nameMatch(query);
  const since = query.updatedSince !== undefined ? sql`c.updated_at > ${query.updatedSince}` : undefined;
  // The page is chosen on (name, id) alone (an index-only scan of connectors_name_id_idx when the filters
  // read nothing else), then only its rows are fetched for their documents.
  const run = async (where: Array<SQL | undefined>, group: 0 | 1, limit: number) => {
    const all = where.filter((w): w is SQL => w !== undefined);
    const built = dialect.sqlToQuery(sql`WITH page AS (
        SELECT c.id, c.name FROM connectors c ${all.length > 0 ? sql`WHERE ${sql.join(all, sql` AND `)}` : sql``}
        ORDER BY c.name LIMIT ${limit})
      SELECT c.name, ${sql.raw(String(group))}::int AS "group", ${LISTED}, c.etag,
        c.downloads::float8 AS downloads, ${LATEST}
      FROM page JOIN connectors c ON c.id = page.id ${sql.raw(LATEST_JOIN)} ORDER BY page.name`);
    // The text group is planned for its own needle each time (an unnamed statement): its cost differs by
    // orders of magnitude between needles, and a prepared one that saw five costly needles kept a generic
    // plan walking the name index (`ber kalo` 14 → 300 ms at 100,000). Its planning is paid either way:
    // prepared, it was planned anew at each bind too.
    return client.unsafe<ServerListRow[]>(built.sql, built.params as never[], { prepare: group === 0 });
  };
  if (match === "none" || match === "all") {
    return run([since, query.from ? sql`c.name >= ${query.from.name}` : undefined], 0, query.limit);
  }
  // The name served: `<namespace>/<name>`, or the upstream name of an imported server.json.
  const byName = sql`(${
    match === "prefixed"
      ? sql`strpos(${query.prefix} || c.name, ${query.needle}) > 0`
      : sql`strpos(c.name, ${query.needle}) > 0`
  } OR strpos(lower(coalesce(c.upstream_name, '')), ${query.needle}) > 0)`;
  const tsquery = query.terms.length > 0 ? searchQuery(query.terms) : undefined;
  // The official registry matches descriptions too (a substring); the words also match the FTS fields.
  // The description's candidates: a needle of ASCII words has them from its words' edges when they are
  // few (pg-description-edges.ts); any other from the trigram index on lower(description) (migration
  // 0009, pg_trgm), by a LIKE wider than the needle, for a needle of 3 characters or more. strpos decides.
  const edges = edgesQuery(query.needle!);
  const byText = (found: EdgeCandidates | undefined) =>
    sql`((${
      found?.ids !== undefined
        ? sql`c.id = ANY(${found.ids}::int[])`
        : sql`lower(c.description) LIKE ${trigramLike(query.needle!)}`
    } AND strpos(lower(c.description), ${query.needle}) > 0)${
      tsquery !== undefined ? sql` OR c.search @@ ${found?.words ?? tsquery}::tsquery` : sql``
    })`;
  const fromGroup = query.from?.group ?? 0;
  const after = (group: number) =>
    query.from && fromGroup === group ? sql`c.name >= ${query.from.name}` : undefined;
  const text = async (limit: number) => {
    // The words' prefixes spelled out ride along with the edges' lookup (no round trip of their own).
    const found =
      edges !== undefined
        ? await edgeCandidates(client, edges, tsquery !== undefined ? ginQuery(query.terms) : undefined)
        : undefined;
    return run([sql`NOT ${byName} AND ${byText(found)}`, since, after(1)], 1, limit);
  };
  if (fromGroup !== 0) return text(query.limit);
  const walk = [byName, since, after(0)];
  const names = () =>
    match === "name" && TRIGRAMS.test(query.needle!)
      ? byCandidates(client, query, walk)
      : run(walk, 0, query.limit);
  // A needle with a space is in no name (names and the namespace have none), only in an upstream name
  // holding a space, which an imported entry may have: its name group reads those (SPACED, a partial index
  // empty in practice) rather than looking for candidates in every name (two-word pages at 100,000 over
  // HTTP, medians of 5 runs: p50 5.85 → 5.05 ms, p95 10.17 → 9.83; docs/architecture.md). Its page is
  // then its text matches: both groups are asked at once (two connections), the text group for a whole
  // page, of which the part the name matches leave is taken (the first rows in name order either way).
  if (query.needle!.includes(" ")) {
    const spaced = [SPACED, sql`strpos(lower(c.upstream_name), ${query.needle}) > 0`, since, after(0)];
    const [byNames, byTexts] = await Promise.all([run(spaced, 0, query.limit), text(query.limit)]);
    return [...byNames, ...byTexts.slice(0, Math.max(0, query.limit - byNames.length))];
  }
  const rows = await names();
  return rows.length < query.limit ? [...rows, ...(await text(query.limit - rows.length))] : rows;
}

/**
 * The upstream names holding a space, the only names a needle with a space can be in: the predicate of
 * connectors_spaced_upstream_idx (migration 0020), spelled as there so the planner uses it.
 */
export const SPACED_UPSTREAM = "c.upstream_name LIKE '% %'";
const SPACED = sql.raw(SPACED_UPSTREAM);

/** Up to this many trigram candidates, the name group is read from them rather than by walking the name index. */
const FEW = 1000;

/** A needle pg_trgm finds trigrams in (a run of 3 letters or digits); others would scan the whole index. */
const TRIGRAMS = /[\p{L}\p{N}]{3}/u;

/** The runs of letters and digits of a needle: what pg_trgm takes its trigrams from. */
const RUNS = /[\p{L}\p{N}]+/gu;

/**
 * A LIKE pattern matching every text that holds `needle` (a superset: strpos decides), with only the
 * trigrams inside its runs of letters and digits. pg_trgm splits a LIKE pattern into words at every other
 * character and pads a word where a literal separator bounds it: `%sodeka demika%` asks for `ka `, `  d`
 * and ` de` too, the trigrams of every word that ends in `ka` or starts with `de`, whose long posting
 * lists were most of a two-word page's lookup (`%mipami%zipaka%` 1.9 vs 4.2–8.6 ms in the descriptions,
 * `%gen%mivimi%` 0.7 vs 1–11 ms in the names, at 100,000 connectors, issue 29). A `%` in place of each
 * separator pads nothing. A needle without a run of 3 keeps its padded trigrams (it would have no others,
 * and a pattern without trigrams scans the whole index), its backslash (LIKE's escape character) doubled.
 */
export function trigramLike(needle: string): string {
  if (!TRIGRAMS.test(needle)) return `%${needle.replaceAll("\\", "\\\\")}%`;
  return `%${needle.match(RUNS)!.join("%")}%`;
}

/**
 * The name group of a needle with trigrams, in one statement: its candidates (`names LIKE`, the trigram
 * index, counted up to FEW + 1) are looked up once; when they are at most FEW, the page comes from them,
 * tested on their own narrow rows (`names` is `name lower(upstream name)`, and a name has no space), else
 * from the walk of the name index (`walk`: the same conditions as without trigrams). Which branch runs is
 * a one-time filter, decided before either starts.
 */
async function byCandidates(
  client: Sql,
  query: ServerListQuery,
  walk: Array<SQL | undefined>,
): Promise<ServerListRow[]> {
  const needle = query.needle!;
  const like = trigramLike(needle);
  const upstream = sql`substr(m.names, length(m.name) + 2)`;
  const few = [
    sql`(SELECT few FROM counted)`,
    sql`(strpos(m.name, ${needle}) > 0 OR strpos(${upstream}, ${needle}) > 0)`,
    query.updatedSince !== undefined ? sql`c.updated_at > ${query.updatedSince}` : undefined,
    query.from ? sql`m.name >= ${query.from.name}` : undefined,
  ].filter((w): w is SQL => w !== undefined);
  // Only a time filter reads the candidates' connectors rows.
  const fewFrom =
    query.updatedSince !== undefined ? sql`cand m JOIN connectors c ON c.id = m.id` : sql`cand m`;
  const many = [sql`NOT (SELECT few FROM counted)`, ...walk].filter((w): w is SQL => w !== undefined);
  const built = dialect.sqlToQuery(sql`WITH cand AS MATERIALIZED (
        SELECT connector_id AS id, name, names FROM connector_search WHERE names LIKE ${like} LIMIT ${sql.raw(String(FEW + 1))}),
      counted AS (SELECT count(*) <= ${sql.raw(String(FEW))} AS few FROM cand),
      page AS (
        (SELECT m.id, m.name FROM ${fewFrom} WHERE ${sql.join(few, sql` AND `)} ORDER BY m.name LIMIT ${query.limit})
        UNION ALL
        (SELECT c.id, c.name FROM connectors c WHERE ${sql.join(many, sql` AND `)} ORDER BY c.name LIMIT ${query.limit}))
    SELECT c.name, 0 AS "group", ${LISTED}, c.etag, c.downloads::float8 AS downloads, ${LATEST}
    FROM page JOIN connectors c ON c.id = page.id ${sql.raw(LATEST_JOIN)} ORDER BY page.name`);
  return client.unsafe<ServerListRow[]>(built.sql, built.params as never[], { prepare: true });
}
