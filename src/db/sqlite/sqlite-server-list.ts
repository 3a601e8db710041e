import type { Database, Statement } from "better-sqlite3";
import { ftsMatch } from "./fts-match.js";
import {
  LATEST_COLUMNS,
  LATEST_JOIN,
  outlineColumns,
  type ServerListQuery,
  type ServerListRow,
} from "../listing-queries.js";
import { nameMatch } from "../server-list-match.js";
import { reversed } from "./sqlite-reversed.js";

/**
 * The connectors of an official registry listing on SQLite. With search text: a name match (`instr`, a
 * substring, no LIKE wildcards to escape) or an FTS5 match, name matches first (group 0), then by name;
 * without it (or when every name matches), every connector by name (the unique name index).
 *
 * Each group is its own query with the page's LIMIT, walking the name index in order (covering: id and
 * name only) and stopping when the page is full; the text-match group runs only when the name matches do
 * not fill the page. So a page costs about one page of index entries, not a sort of every match; only the
 * page's rows have their documents read. A needle whose trigrams (migrations 0009, 0011) find at most FEW
 * candidates for a group has that group read from its candidates instead: a rare needle costs its few
 * rows, not a walk of every name and description (issue 29). One statement per shape.
 */
export class SqliteServerList {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  run(query: ServerListQuery): ServerListRow[] {
    const match = nameMatch(query);
    const since = query.updatedSince !== undefined;
    const params: Record<string, unknown> = {};
    if (since) params.since = query.updatedSince;
    if (match === "none" || match === "all") {
      const from = query.from !== undefined;
      if (from) params.n = query.from!.name;
      return this.statement(`all|${since}|${from}`, () => allSql(since, from)).all({
        ...params,
        limit: query.limit,
      }) as ServerListRow[];
    }
    params.needle = query.needle;
    if (match === "prefixed") params.prefix = query.prefix;
    const fts = query.terms.length > 0;
    const fromGroup = query.from?.group ?? 0;
    const rows: ServerListRow[] = [];
    for (const group of [0, 1] as const) {
      if (group < fromGroup || rows.length >= query.limit) continue;
      const from = query.from !== undefined && fromGroup === group;
      const p: Record<string, unknown> = { ...params, limit: query.limit - rows.length };
      if (from) p.n = query.from!.name;
      if (group === 1 && fts) p.match = ftsMatch(query.terms);
      // A needle of 3 characters or more has trigrams: when they find few candidates, the group is read
      // from those; else (and for shorter needles) the name index is walked. The candidates are looked
      // up once: their ids (up to FEW + 1) are handed to the group's query.
      let few = false;
      let exact = false; // the candidates are the text matches themselves (not a superset to recheck)
      if (match === "name" && [...query.needle!].length >= 3) {
        const last = group === 1 ? lastWord(query.needle!) : undefined;
        const end = last !== undefined ? firstEnd(query.needle!) : undefined;
        const spaced = group === 0 ? spaceTrigrams(query.needle!) : undefined;
        const by = last !== undefined ? "last" : spaced !== undefined ? "spaced" : "like";
        const rev = end !== undefined;
        const ids = this.statement(`candidates|${group}|${fts}|${by}|${rev}`, () =>
          candidatesSql(group, fts, by, rev),
        )
          .pluck()
          .all({
            ...(last !== undefined
              ? {
                  last: `{description} : "${last}"*`,
                  phrase: likeText(query.needle!),
                  ...(rev ? { rev: `"${end}"*` } : {}),
                }
              : spaced !== undefined
                ? { trigrams: spaced, needle: query.needle }
                : group === 0
                  ? { like: `%${trigramPart(query.needle!)}%`, needle: query.needle }
                  : { like: `%${query.needle}%` }),
            ...(fts && group === 1 ? { match: p.match } : {}),
          }) as number[];
        few = ids.length <= FEW;
        exact = few && last !== undefined;
        if (few) p.ids = JSON.stringify(ids);
      }
      const shape = `${match}|${group}|${since}|${from}|${fts}|${few}|${exact}`;
      rows.push(
        ...(this.statement(shape, () => groupSql(match, group, since, from, fts, few, exact)).all(
          p,
        ) as ServerListRow[]),
      );
    }
    return rows;
  }

  private statement(shape: string, sql: () => string): Statement {
    let stmt = this.cache.get(shape);
    if (!stmt) this.cache.set(shape, (stmt = this.db.prepare(sql())));
    return stmt;
  }
}

/**
 * A row's outline, or when it has none made from its document, the document without its quality
 * checklist (`quality.items`, ~4.7 of a bench document's ~6 KB): a listing reads only the score, and
 * JSON.parse of the checklist was most of a page's parsing (issue 29). SQLite drops it in C.
 */
const DOCUMENT = outlineColumns("json_remove(c.document, '$.quality.items')");

const COLUMNS = `c.name AS name, page."group" AS "group", ${DOCUMENT}, c.etag AS etag,
  c.downloads AS downloads, ${LATEST_COLUMNS}`;

/** No groups: a plain walk of the name index. */
function allSql(since: boolean, from: boolean): string {
  const where = [since ? "c.updated_at > :since" : "", from ? "c.name >= :n" : ""].filter((w) => w);
  return `SELECT c.name AS name, 0 AS "group", ${DOCUMENT}, c.etag AS etag, c.downloads AS downloads,
      ${LATEST_COLUMNS}
    FROM connectors c ${LATEST_JOIN} ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY c.name LIMIT :limit`;
}

/** Up to this many trigram candidates, a group is read from them rather than by walking the name index. */
const FEW = 1000;

/**
 * A group's candidates in a trigram table (FTS5 `LIKE` on a trigram column is an index lookup, rechecked
 * against the text; a `%` or `_` in the needle only widens it, and instr decides): group 0 by the names
 * (name and upstream name) in migration 0011's `connectors_names`, group 1 by description (migration
 * 0009's `connectors_substr`) or words; up to FEW + 1 ids (the lookup stops there). A table of its own
 * for the names: in `connectors_substr` a needle's trigrams also hit every description holding them
 * (detail=none keeps no column), each such row read to recheck.
 */
function candidatesSql(
  group: 0 | 1,
  fts: boolean,
  by: "last" | "spaced" | "like",
  /** With `by` "last": also in connectors_rev by :rev (firstEnd), a filter (`+rowid`) on the word's rows. */
  rev = false,
): string {
  const firstEnds = rev
    ? " AND +rowid IN (SELECT rowid FROM connectors_rev WHERE connectors_rev MATCH :rev)"
    : "";
  const description =
    by === "last"
      ? `SELECT rowid AS id FROM connectors_fts WHERE connectors_fts MATCH :last${firstEnds} AND description LIKE :phrase ESCAPE '\\'`
      : "SELECT rowid AS id FROM connectors_substr WHERE description LIKE :like";
  const names =
    by === "spaced"
      ? "SELECT rowid AS id FROM connectors_names WHERE connectors_names MATCH :trigrams AND instr(lower(names), :needle) > 0"
      : "SELECT rowid AS id FROM connectors_names WHERE names LIKE :like AND instr(lower(names), :needle) > 0";
  const ids =
    group === 0
      ? names
      : `${description}${fts ? " UNION SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match" : ""}`;
  return `SELECT id FROM (${ids}) LIMIT ${FEW + 1}`;
}

/**
 * What the name candidates of a needle without a space (spaceTrigrams takes the others) are looked up
 * by: its longest run of letters or digits, when it has other characters and that run has 3 or more
 * (else the whole needle), then instr on the whole needle (names as lower-cased: a superset of the name
 * test, which the group's query makes). The trigrams across a separator are the common ones: in
 * `gen-kalomi` every bench name holds `gen` and `en-`, and the lookup merged 100,000 rows' entries for
 * them (3.8 of a page's ~6 ms at 100,000, issue 29).
 */
export function trigramPart(needle: string): string {
  const runs = needle.match(/[\p{L}\p{N}]+/gu) ?? [];
  const longest = runs.reduce((a, b) => ([...b].length > [...a].length ? b : a), "");
  return longest !== needle && [...longest].length >= 3 ? longest : needle;
}

/**
 * The name candidates of a needle with a space, as an FTS5 query of the trigram table: the needle's
 * trigrams that hold a space, all of them (a row holding the needle holds them; instr decides). A names
 * row (`name upstream_name`) holds one space, so these are its rare trigrams, where a LIKE of the whole
 * needle also merged the posting lists of its letters' trigrams, held by thousands of names (issue 29: a
 * two-word needle's name lookup at 100,000, p50 0.62 → 0.04 ms, p95 1.78 → 0.08). Undefined when the
 * needle has no space.
 */
export function spaceTrigrams(needle: string): string | undefined {
  const chars = [...needle];
  const found = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const trigram = chars.slice(i, i + 3).join("");
    if (trigram.includes(" ")) found.add(`"${trigram.replaceAll('"', '""')}"`);
  }
  return found.size > 0 ? [...found].join(" AND ") : undefined;
}

/**
 * The word a description holding `needle` must have a word starting with, when there is one: the needle's
 * part after its last space, when it is 3 ASCII letters or digits or more. A description holding the
 * needle holds that part right after a space, where the word index's tokenizer (unicode61, case and
 * diacritics folded) starts a word, and lower() folds nothing else to ASCII: so the description column's
 * `"word"*` finds every such description, and instr keeps the ones that hold the needle. The trigram
 * table would find them too, but a needle with a space has common trigrams (`a d`, ` de`): with
 * detail=none every row holding them all is read to recheck (5–12 ms of a two-word page at 100,000,
 * issue 29), against ~2,000 words' rows here.
 */
export function lastWord(needle: string): string | undefined {
  return / ([a-z0-9]{3,})$/.exec(needle)?.[1];
}

/**
 * A LIKE pattern for the texts holding `needle` (lower-cased), its wildcards and escape character escaped
 * (ESCAPE '\'): SQLite's LIKE folds ASCII letters alone, as its lower() does, so `text LIKE` it is
 * `instr(lower(text), needle) > 0` without lowering each text first. A two-word needle's ~2,000 candidate
 * descriptions (lastWord): p50 5.4–5.5 ms with instr(lower()), 5.0 with LIKE at 100,000 (issue 29); the rest
 * is reading each description from the FTS5 content table (the MATCH alone: 0.26 ms).
 */
export function likeText(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * With a lastWord needle: its first part's trailing run of ASCII letters and digits reversed, when that
 * run has 4 or more (undefined otherwise). A description holding the needle holds that run right before a
 * space, so its reversed text (connectors_rev, migration 0015) has a word starting with the run reversed:
 * SQLite's lower() and LIKE fold ASCII alone, so those characters are in the description as they are in
 * the needle, up to case, which the word index folds. The ~2,000 descriptions with a word starting with
 * the last part (a bench word) become the few dozen that also have one ending in the first: p50 5.4 → 0.8 ms
 * for the lookup at 100,000, the same rows (issue 29). A shorter run is a long range of the index.
 */
export function firstEnd(needle: string): string | undefined {
  const run = /([a-z0-9]{4,}) /.exec(needle.slice(0, needle.indexOf(" ") + 1))?.[1];
  return run !== undefined ? reversed(run) : undefined;
}

/**
 * One group in name order from an inclusive keyset. Group 1 (text matches that are not name matches)
 * probes the FTS result per name (`+c.id` keeps the planner walking the name index rather than sorting
 * every text match).
 */
function groupSql(
  match: "prefixed" | "name",
  group: 0 | 1,
  since: boolean,
  from: boolean,
  fts: boolean,
  few: boolean,
  exact: boolean,
): string {
  if (few) return fewSql(group, since, from, fts, exact);
  // The name served: `<namespace>/<name>`, or the upstream name of an imported server.json.
  const byName = `(${
    match === "prefixed" ? "instr(:prefix || c.name, :needle) > 0" : "instr(c.name, :needle) > 0"
  } OR instr(lower(coalesce(c.upstream_name, '')), :needle) > 0)`;
  const row = { byName, description: "c.description", id: "c.id", name: "c.name" };
  return `WITH page AS (
      SELECT c.id AS id, ${group} AS "group", c.name AS name FROM connectors c
      WHERE ${groupWhere(row, group, since, from, fts)} ORDER BY c.name LIMIT :limit)
    SELECT ${COLUMNS} FROM page JOIN connectors c ON c.id = page.id ${LATEST_JOIN} ORDER BY page.name`;
}

/**
 * One group from its few trigram candidates (:ids, a JSON array read by json_each; CROSS JOIN keeps them
 * the outer loop), tested on a trigram table's own small rows (`names` is `name upstream_name`; a name
 * has no space), not on the connectors rows, whose upstream_name lies past the document: only the page's
 * rows are read from those. The name group's are `connectors_names` rows, the names alone, not descriptions
 * too (~550 rows for a 4-letter prefix at 100,000: page p95 6.4–7.0 → 3.5–4.7 ms in process, issue 29).
 */
function fewSql(group: 0 | 1, since: boolean, from: boolean, fts: boolean, exact: boolean): string {
  const name = "substr(s.names, 1, instr(s.names, ' ') - 1)";
  const byName = `(instr(${name}, :needle) > 0 OR instr(lower(substr(s.names, instr(s.names, ' ') + 1)), :needle) > 0)`;
  const row = { byName, description: "s.description", id: "s.rowid", name };
  return `WITH page AS (
      SELECT s.rowid AS id, ${group} AS "group", ${name} AS name
      FROM (SELECT value AS id FROM json_each(:ids)) cand CROSS JOIN ${group === 0 ? "connectors_names" : "connectors_substr"} s ON s.rowid = cand.id
        ${since ? "CROSS JOIN connectors c ON c.id = s.rowid" : ""}
      WHERE ${groupWhere(row, group, since, from, fts, exact)} ORDER BY name LIMIT :limit)
    SELECT ${COLUMNS} FROM page JOIN connectors c ON c.id = page.id ${LATEST_JOIN} ORDER BY page.name`;
}

/**
 * The WHERE of one group, over rows whose name test, description, id and name are these expressions
 * (a connectors row or a trigram row): name matches (group 0), or text matches that are not name matches
 * (group 1); then updated after :since, and from :n on.
 */
function groupWhere(
  row: { byName: string; description: string; id: string; name: string },
  group: 0 | 1,
  since: boolean,
  from: boolean,
  fts: boolean,
  /** The rows are known text matches (exact candidates): group 1 tests only that they are no name match. */
  exact = false,
): string {
  // The official registry matches descriptions too (a substring); the words also match the FTS fields.
  const byText = `(instr(lower(${row.description}), :needle) > 0${
    fts ? ` OR +${row.id} IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match)` : ""
  })`;
  return [
    group === 0 ? row.byName : exact ? `NOT ${row.byName}` : `NOT ${row.byName} AND ${byText}`,
    since ? "c.updated_at > :since" : "",
    from ? `${row.name} >= :n` : "",
  ]
    .filter((w) => w)
    .join(" AND ");
}
