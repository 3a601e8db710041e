import type { Database, Statement } from "better-sqlite3";
import type { ServerListQuery, ServerListRow } from "../repository.js";
import { nameMatch } from "../server-list-match.js";

/**
 * The connectors of an official registry listing on SQLite. With search text: a name match (`instr`, a
 * substring, no LIKE wildcards to escape) or an FTS5 match, name matches first (group 0), then by name;
 * without it (or when every name matches), every connector by name (the unique name index).
 *
 * Each group is its own query with the page's LIMIT, walking the name index in order (covering: id and
 * name only) and stopping when the page is full; the text-match group runs only when the name matches do
 * not fill the page. So a page costs about one page of index entries, not a sort of every match; only the
 * page's rows have their documents read. One statement per shape.
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
      if (group < fromGroup || (group === 1 && !fts) || rows.length >= query.limit) continue;
      const from = query.from !== undefined && fromGroup === group;
      const p: Record<string, unknown> = { ...params, limit: query.limit - rows.length };
      if (from) p.n = query.from!.name;
      if (group === 1) p.match = query.terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(" ");
      const shape = `${match}|${group}|${since}|${from}`;
      rows.push(
        ...(this.statement(shape, () => groupSql(match, group, since, from)).all(p) as ServerListRow[]),
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

const COLUMNS = `c.name AS name, page."group" AS "group", c.document AS document, c.etag AS etag,
  c.downloads AS downloads`;

/** No groups: a plain walk of the name index. */
function allSql(since: boolean, from: boolean): string {
  const where = [since ? "c.updated_at > :since" : "", from ? "c.name >= :n" : ""].filter((w) => w);
  return `SELECT c.name AS name, 0 AS "group", c.document AS document, c.etag AS etag, c.downloads AS downloads
    FROM connectors c ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY c.name LIMIT :limit`;
}

/**
 * One group in name order from an inclusive keyset. Group 1 (text matches that are not name matches)
 * probes the FTS result per name (`+c.id` keeps the planner walking the name index rather than sorting
 * every text match).
 */
function groupSql(match: "prefixed" | "name", group: 0 | 1, since: boolean, from: boolean): string {
  const byName =
    match === "prefixed" ? "instr(:prefix || c.name, :needle) > 0" : "instr(c.name, :needle) > 0";
  const where = [
    group === 0
      ? byName
      : `NOT ${byName} AND +c.id IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match)`,
    since ? "c.updated_at > :since" : "",
    from ? "c.name >= :n" : "",
  ].filter((w) => w);
  return `WITH page AS (
      SELECT c.id AS id, ${group} AS "group", c.name AS name FROM connectors c
      WHERE ${where.join(" AND ")} ORDER BY c.name LIMIT :limit)
    SELECT ${COLUMNS} FROM page JOIN connectors c ON c.id = page.id ORDER BY page.name`;
}
