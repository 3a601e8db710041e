import { getTableConfig as pgTable, type PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTable, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { expect, it } from "vitest";
import * as pg from "../../src/db/postgres/schema.js";
import * as sqlite from "../../src/db/sqlite/schema.js";

// The two schemas are kept in lockstep: same tables, columns, nullability, defaults, keys and indexes.
// Only the search machinery differs: FTS5 lives in a SQLite migration, PostgreSQL has a tsvector column.
const PG_ONLY_COLUMNS = ["connectors.search"];
// The trigram index on descriptions is SQLite's FTS5 table `connectors_substr` (migration 0009).
// SQLite finds a listing needle's spaced upstream names by its trigram candidates (sqlite-server-list.ts).
const PG_ONLY_INDEXES = [
  "connectors_search_idx",
  "connectors_description_trgm_idx",
  "connectors_spaced_upstream_idx",
];
// The narrow copy of the vector (with the name) that relevance search reads (src/db/postgres/pg-search.ts),
// and the change counter the result caches are kept by (SQLite's is PRAGMA data_version; migration 0012).
const PG_ONLY_TABLES = ["connector_search", "change_counter"];

type Config = ReturnType<typeof pgTable> | ReturnType<typeof sqliteTable>;

function shape(config: Config) {
  const col = (c: { name: string }) => c.name;
  return {
    columns: config.columns
      .filter((c) => !PG_ONLY_COLUMNS.includes(`${config.name}.${c.name}`))
      .map((c) => ({
        name: c.name,
        notNull: c.notNull,
        hasDefault: c.hasDefault,
        primary: c.primary,
        unique: c.isUnique,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    indexes: config.indexes
      .map((i) => ({ name: i.config.name ?? "(unnamed)", unique: i.config.unique }))
      .filter((i) => !PG_ONLY_INDEXES.includes(i.name))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map(col)),
    foreignKeys: config.foreignKeys
      .map((f) => {
        const ref = f.reference();
        return `${ref.columns.map(col).join(",")} -> ${ref.foreignColumns.map(col).join(",")}`;
      })
      .sort(),
  };
}

it("the PostgreSQL schema has the SQLite schema's tables, columns, keys and indexes", () => {
  const sqliteTables = Object.values(sqlite).map((t) => sqliteTable(t as SQLiteTable));
  const pgTables = Object.values(pg)
    .map((t) => pgTable(t as PgTable))
    .filter((t) => !PG_ONLY_TABLES.includes(t.name));
  expect(pgTables.map((t) => t.name).sort()).toEqual(sqliteTables.map((t) => t.name).sort());
  for (const s of sqliteTables) {
    const p = pgTables.find((t) => t.name === s.name)!;
    expect(shape(p), s.name).toEqual(shape(s));
  }
});

it("the exceptions are real: PostgreSQL has the search column, its GIN index and the trigram index", () => {
  const connectors = pgTable(pg.connectors);
  expect(connectors.columns.map((c) => c.name)).toContain("search");
  expect(connectors.indexes.map((i) => i.config.name)).toContain("connectors_search_idx");
  expect(connectors.indexes.map((i) => i.config.name)).toContain("connectors_description_trgm_idx");
  const search = pgTable(pg.connectorSearch);
  expect(search.columns.map((c) => c.name).sort()).toEqual([
    "connector_id",
    "edges",
    "name",
    "names",
    "search",
    "titles",
  ]);
  expect(search.indexes.map((i) => i.config.name)).toContain("connector_search_names_trgm_idx");
  expect(search.indexes.map((i) => i.config.name)).toContain("connector_search_idx");
  expect(search.indexes.map((i) => i.config.name)).toContain("connector_search_titles_idx");
  expect(search.indexes.map((i) => i.config.name)).toContain("connector_search_edges_idx");
});
