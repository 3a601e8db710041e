import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import type { ServerListQuery, ServerListRow } from "../repository.js";
import { searchQuery } from "./search-text.js";

const dialect = new PgDialect();

/**
 * The connectors of an official registry listing on PostgreSQL, with SQLite's contract: a substring of
 * `prefix || name` (strpos, no LIKE wildcards) or a full-text match (the GIN-indexed tsvector), name
 * matches first (group 0), then by name (collation C, as SQLite compares); keyset from (group, name).
 */
export async function listServersPg(client: Sql, query: ServerListQuery): Promise<ServerListRow[]> {
  const text = query.needle !== undefined;
  const tsquery = text && query.terms.length > 0 ? searchQuery(query.terms) : undefined;
  const byName = sql`strpos(${query.prefix} || c.name, ${query.needle ?? ""}) > 0`;
  const where: SQL[] = [];
  if (text) where.push(tsquery !== undefined ? sql`(${byName} OR c.search @@ ${tsquery}::tsquery)` : byName);
  if (query.updatedSince !== undefined) where.push(sql`c.updated_at > ${query.updatedSince}`);
  const group = text ? sql`CASE WHEN ${byName} THEN 0 ELSE 1 END` : sql`0`;
  const inner = sql`SELECT c.name, (${group})::int AS "group", c.document, c.etag,
      c.downloads::float8 AS downloads
    FROM connectors c ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`;
  const from = query.from;
  const keyset = from
    ? sql`WHERE ("group" > ${from.group} OR ("group" = ${from.group} AND name >= ${from.name}))`
    : sql``;
  const built = dialect.sqlToQuery(
    sql`SELECT * FROM (${inner}) s ${keyset} ORDER BY "group", name LIMIT ${query.limit}`,
  );
  return client.unsafe<ServerListRow[]>(built.sql, built.params as never[], { prepare: true });
}
