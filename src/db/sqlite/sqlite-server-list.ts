import type { Database, Statement } from "better-sqlite3";
import type { ServerListQuery, ServerListRow } from "../repository.js";
import { nameMatch } from "../server-list-match.js";

/**
 * The connectors of an official registry listing on SQLite. With search text: a name match (`instr`, a
 * substring, no LIKE wildcards to escape) or an FTS5 match, name matches first (group 0), then by name;
 * without it (or when every name matches), every connector by name (the unique name index). The page is
 * chosen on (id, group, name) alone and only its rows' documents are read. One statement per shape.
 */
export class SqliteServerList {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  run(query: ServerListQuery): ServerListRow[] {
    const match = nameMatch(query);
    const fts = (match === "name" || match === "prefixed") && query.terms.length > 0;
    const since = query.updatedSince !== undefined;
    const shape = `${match}|${fts}|${since}|${query.from !== undefined}`;
    let stmt = this.cache.get(shape);
    if (!stmt) {
      stmt = this.db.prepare(buildSql(match, fts, since, query.from !== undefined));
      this.cache.set(shape, stmt);
    }
    const params: Record<string, unknown> = { limit: query.limit };
    if (match === "name" || match === "prefixed") params.needle = query.needle;
    if (match === "prefixed") params.prefix = query.prefix;
    if (fts) params.match = query.terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(" ");
    if (since) params.since = query.updatedSince;
    if (query.from) params.n = query.from.name;
    if (query.from && (match === "name" || match === "prefixed")) params.g = query.from.group;
    return stmt.all(params) as ServerListRow[];
  }
}

const COLUMNS = `c.name AS name, page."group" AS "group", c.document AS document, c.etag AS etag,
  c.downloads AS downloads`;

function buildSql(match: ReturnType<typeof nameMatch>, fts: boolean, since: boolean, from: boolean): string {
  if (match === "none" || match === "all") {
    // No groups: a plain walk of the name index.
    const where = [since ? "c.updated_at > :since" : "", from ? "c.name >= :n" : ""].filter((w) => w);
    return `SELECT c.name AS name, 0 AS "group", c.document AS document, c.etag AS etag, c.downloads AS downloads
      FROM connectors c ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY c.name LIMIT :limit`;
  }
  const byName =
    match === "prefixed" ? "instr(:prefix || c.name, :needle) > 0" : "instr(c.name, :needle) > 0";
  const where = [
    fts
      ? `(${byName} OR c.id IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match))`
      : byName,
    since ? "c.updated_at > :since" : "",
  ].filter((w) => w);
  const keyset = from ? `WHERE ("group" > :g OR ("group" = :g AND name >= :n))` : "";
  return `WITH page AS (
      SELECT * FROM (
        SELECT c.id AS id, CASE WHEN ${byName} THEN 0 ELSE 1 END AS "group", c.name AS name
        FROM connectors c WHERE ${where.join(" AND ")}
      ) ${keyset} ORDER BY "group", name LIMIT :limit)
    SELECT ${COLUMNS} FROM page JOIN connectors c ON c.id = page.id ORDER BY page."group", page.name`;
}
