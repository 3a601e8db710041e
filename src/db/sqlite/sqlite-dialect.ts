import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { Db, Dialect, On, Tables } from "../drizzle/dialect.js";
import type * as pg from "../postgres/schema.js";
import * as schema from "./schema.js";
import { writeGramRows } from "./sqlite-gram-rows.js";
import { writeReversed } from "./sqlite-reversed.js";

// The shared code is typed with PostgreSQL's tables (src/db/drizzle/dialect.ts). Handing it SQLite's is
// sound only while each table's rows have the same TypeScript types in both schemas (test/db/postgres-
// schema.test.ts checks names, nullability and keys; this checks the types): a drift fails to compile here.
type Rows<S> = { [K in keyof S]: S[K] extends { $inferSelect: infer R } ? R : never };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SqliteRows = Rows<typeof schema>;
type PgRows = Rows<Omit<typeof pg, "connectorSearch" | "changeCounter">>;
const rowsMatch: Same<
  Omit<SqliteRows, "connectors"> & { connectors: SqliteRows["connectors"] },
  Omit<PgRows, "connectors"> & { connectors: Omit<PgRows["connectors"], "search"> }
> = true;
void rowsMatch;

/**
 * SQLite under the shared data layer. Every write runs on the writer connection inside BEGIN IMMEDIATE,
 * which holds the file's write lock until COMMIT, so writers already take turns: no lock of our own.
 */
export const sqliteDialect: Dialect = {
  tables: schema as unknown as Tables,
  lockConnector: async () => undefined,
  lockLog: async () => undefined,
  summaryCheckedAtIs: (value) =>
    sql`json_extract(${schema.connectors.checkSummary}, '$.latest.checkedAt') = ${value}`,
  isUniqueViolation(error) {
    for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    }
    return false;
  },
  // FTS5 is kept by triggers; the reversed descriptions and the one-gram CJK ranking rows need TypeScript
  // (sqlite-reversed.ts, sqlite-gram-rows.ts).
  search: {
    columns: () => ({}),
    async write(db, rows) {
      await writeReversed(db, rows);
      await writeGramRows(db, rows);
    },
  },
};

/** A better-sqlite3 handle for the shared code: the one place SQLite is handed over as the shared type. */
export function sqliteOn(db: BetterSQLite3Database): On {
  return { db: db as unknown as Db, dialect: sqliteDialect };
}
