import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import type { ServerListQuery, ServerListRow } from "../repository.js";
import { nameMatch } from "../server-list-match.js";
import { searchQuery } from "./search-text.js";

const dialect = new PgDialect();

/**
 * The connectors of an official registry listing on PostgreSQL, with SQLite's contract: a substring of
 * the name (strpos, no LIKE wildcards) or a full-text match (the GIN-indexed tsvector), name matches
 * first (group 0), then by name (collation C, as SQLite compares); keyset from (group, name). The page is
 * chosen on (id, group, name) alone and only its rows' documents are read.
 */
export async function listServersPg(client: Sql, query: ServerListQuery): Promise<ServerListRow[]> {
  const match = nameMatch(query);
  const since = query.updatedSince !== undefined ? sql`c.updated_at > ${query.updatedSince}` : undefined;
  let built;
  if (match === "none" || match === "all") {
    const where = [since, query.from ? sql`c.name >= ${query.from.name}` : undefined].filter(
      (w): w is SQL => w !== undefined,
    );
    built =
      dialect.sqlToQuery(sql`SELECT c.name, 0 AS "group", c.document, c.etag, c.downloads::float8 AS downloads
      FROM connectors c ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY c.name LIMIT ${query.limit}`);
  } else {
    const tsquery = query.terms.length > 0 ? searchQuery(query.terms) : undefined;
    const byName =
      match === "prefixed"
        ? sql`strpos(${query.prefix} || c.name, ${query.needle}) > 0`
        : sql`strpos(c.name, ${query.needle}) > 0`;
    const where = [
      tsquery !== undefined ? sql`(${byName} OR c.search @@ ${tsquery}::tsquery)` : byName,
      since,
    ].filter((w): w is SQL => w !== undefined);
    const from = query.from;
    const keyset = from
      ? sql`WHERE ("group" > ${from.group} OR ("group" = ${from.group} AND name >= ${from.name}))`
      : sql``;
    built = dialect.sqlToQuery(sql`WITH page AS (
        SELECT * FROM (
          SELECT c.id, (CASE WHEN ${byName} THEN 0 ELSE 1 END)::int AS "group", c.name
          FROM connectors c WHERE ${sql.join(where, sql` AND `)}
        ) s ${keyset} ORDER BY "group", name LIMIT ${query.limit})
      SELECT c.name, page."group", c.document, c.etag, c.downloads::float8 AS downloads
      FROM page JOIN connectors c ON c.id = page.id ORDER BY page."group", page.name`);
  }
  return client.unsafe<ServerListRow[]>(built.sql, built.params as never[], { prepare: true });
}
