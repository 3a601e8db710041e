import type { Database, Statement } from "better-sqlite3";
import type { ServerListQuery, ServerListRow } from "../repository.js";

/**
 * The connectors of an official registry listing on SQLite. With search text: a name match
 * (`instr(prefix || name, needle)`, a substring, no LIKE wildcards to escape) or an FTS5 match, name
 * matches first (group 0), then by name; without it, every connector by name (the unique name index).
 * One prepared statement per shape (text × since × keyset).
 */
export class SqliteServerList {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  run(query: ServerListQuery): ServerListRow[] {
    const text = query.needle !== undefined;
    const fts = text && query.terms.length > 0;
    const shape = `${text}|${fts}|${query.updatedSince !== undefined}|${query.from !== undefined}`;
    let stmt = this.cache.get(shape);
    if (!stmt) {
      stmt = this.db.prepare(buildSql(text, fts, query.updatedSince !== undefined, query.from !== undefined));
      this.cache.set(shape, stmt);
    }
    const params: Record<string, unknown> = { limit: query.limit };
    if (text) Object.assign(params, { needle: query.needle, prefix: query.prefix });
    if (fts) params.match = query.terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(" ");
    if (query.updatedSince !== undefined) params.since = query.updatedSince;
    if (query.from) params.n = query.from.name;
    if (query.from && text) params.g = query.from.group;
    return stmt.all(params) as ServerListRow[];
  }
}

function buildSql(text: boolean, fts: boolean, since: boolean, from: boolean): string {
  const byName = "instr(:prefix || c.name, :needle) > 0";
  const where: string[] = [];
  if (text) {
    where.push(
      fts
        ? `(${byName} OR c.id IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match))`
        : byName,
    );
  }
  if (since) where.push("c.updated_at > :since");
  const group = text ? `CASE WHEN ${byName} THEN 0 ELSE 1 END` : "0";
  const inner = `SELECT c.name AS name, ${group} AS "group", c.document AS document, c.etag AS etag,
      c.downloads AS downloads
    FROM connectors c ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  if (!text) {
    // No groups: a plain walk of the name index.
    const keyset = from ? `${where.length > 0 ? "AND" : "WHERE"} c.name >= :n` : "";
    return `${inner} ${keyset} ORDER BY c.name LIMIT :limit`;
  }
  const keyset = from ? `WHERE ("group" > :g OR ("group" = :g AND name >= :n))` : "";
  return `SELECT * FROM (${inner}) ${keyset} ORDER BY "group", name LIMIT :limit`;
}
