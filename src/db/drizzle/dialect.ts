import type { SQL } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type * as pg from "../postgres/schema.js";
import type { ConnectorFields } from "../connector-rows.js";

// The shared data layer (src/db/drizzle/) is written once over drizzle's query builder, which both dialects
// offer (select, insert … returning, on conflict, update, delete, all awaited). Drizzle has no type common
// to its dialects, so the shared code is typed as PostgreSQL's (whose builders have no sync-only .get/.all/
// .run, so it cannot call what PostgreSQL lacks); SQLite's handle and tables are handed over as these types
// in sqlite-dialect.ts, which checks at compile time that the two schemas' rows have the same types.

/** A drizzle handle: the pool, or one transaction (typed as PostgreSQL's, see above). */
export type Db = PostgresJsDatabase | Parameters<Parameters<PostgresJsDatabase["transaction"]>[0]>[0];

/** The tables both schemas define. */
export type Tables = Omit<typeof pg, "connectorSearch">;

/** What differs between SQLite and PostgreSQL under the shared code: small, and nothing else. */
export interface Dialect {
  readonly tables: Tables;
  /** Makes writers to one connector name take turns until the transaction ends (RegistryTx.loadConnector). */
  lockConnector(db: Db, name: string): Promise<void>;
  /** Makes transparency-log appends take turns until the transaction ends (LogWriter.lockedSize). */
  lockLog(db: Db): Promise<void>;
  /** SQL: the stored check summary's `latest.checkedAt` is `value` (JSON paths differ per dialect). */
  summaryCheckedAtIs(value: string): SQL;
  /** A unique or primary-key violation, however the driver and drizzle wrapped it. */
  isUniqueViolation(error: unknown): boolean;
  /** What search keeps beside a connector, written with it: PostgreSQL's vector, both's CJK gram rows. */
  readonly search?: ConnectorSearch;
}

/** The full-text columns a dialect keeps beside a connector's listing fields. */
export interface ConnectorSearch {
  /** Extra columns of the connectors row. */
  columns(name: string, fields: ConnectorFields): Record<string, SQL>;
  /** Rows outside the connectors table, written in the same transaction (one statement for all `rows`). */
  write(
    db: Db,
    rows: ReadonlyArray<{ connectorId: number; name: string; fields: ConnectorFields }>,
  ): Promise<void>;
}

/** A handle and its dialect: what the shared queries run on. */
export interface On {
  readonly db: Db;
  readonly dialect: Dialect;
}

/** Runs one repository call (PostgreSQL: retries and the 503 on a lost database; SQLite: the write mutex). */
export type Run = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Where a store's reads and writes go, and what each runs under: SQLite reads on its reader connection and
 * writes on its writer under the repository's mutex; PostgreSQL runs both on the pool.
 */
export interface Sides {
  readonly read: On;
  readonly write: On;
  readonly runRead: Run;
  readonly runWrite: Run;
}
