import { sql } from "drizzle-orm";
import type { Dialect } from "../drizzle/dialect.js";
import { pgErrorCode } from "./pg-errors.js";
import * as schema from "./schema.js";
import { writePgGramRows } from "./pg-gram-rows.js";
import { searchVector } from "./search-text.js";

// The advisory-lock keys. Writes to one connector name take the two-key lock (CONNECTOR_LOCK, the name's
// hash); log appends the single-key LOG_LOCK; the migrations lock uses another single key.
const CONNECTOR_LOCK = 7_342_001;
const LOG_LOCK = 7_342_023;

/** PostgreSQL under the shared data layer (src/db/drizzle/): advisory locks, jsonb paths, the tsvector. */
export const pgDialect: Dialect = {
  tables: schema,
  async lockConnector(db, name) {
    // READ COMMITTED takes a fresh snapshot per statement, so the second writer sees what the first wrote.
    await db.execute(sql`SELECT pg_advisory_xact_lock(${CONNECTOR_LOCK}, hashtext(${name}))`);
  },
  async lockLog(db) {
    // Processes append one at a time, in commit order.
    await db.execute(sql`SELECT pg_advisory_xact_lock(${LOG_LOCK})`);
  },
  summaryCheckedAtIs: (value) =>
    // Under READ COMMITTED an UPDATE re-checks this on the row a concurrent recordCheck committed.
    sql`(${schema.connectors.checkSummary}::jsonb #>> '{latest,checkedAt}') = ${value}`,
  isUniqueViolation: (error) => pgErrorCode(error) === "23505",
  search: {
    columns: (name, fields) => ({ search: sql`${searchVector({ name, ...fields })}::tsvector` }),
    /** The narrow search row (schema.ts connectorSearch): connectors.search's vector, the name and the names; its words. */
    async write(db, rows) {
      if (rows.length === 0) return;
      await db
        .insert(schema.connectorSearch)
        .values(
          rows.map(({ connectorId, name, fields }) => ({
            connectorId,
            name,
            search: sql`${searchVector({ name, ...fields })}::tsvector`,
            // Lower-cased by PostgreSQL, as the listing's name match lowers it (pg-server-list.ts).
            names: sql`${name}::text || ' ' || lower(${fields.upstreamName ?? ""}::text)`,
          })),
        )
        .onConflictDoUpdate({
          target: schema.connectorSearch.connectorId,
          set: { name: sql`excluded.name`, search: sql`excluded.search`, names: sql`excluded.names` },
        });
      // Their lexemes, of the words and of the description edges (computed by PostgreSQL on insert), into
      // search_words (pg-prefix-words.ts), those it lacks: no unique index, so no writer waits on another's
      // uncommitted word; a duplicate from two at once is harmless.
      const ids = JSON.stringify(rows.map((r) => r.connectorId));
      // Distinct first, then one index probe each (an anti join on the lexemes hashed every word, 82 vs 44 ms
      // for a bulk load's 400 connectors at 100,000).
      await db.execute(sql`INSERT INTO search_words (word)
        SELECT d.word FROM (
          SELECT DISTINCT u.lexeme COLLATE "C" AS word FROM connector_search s CROSS JOIN unnest(s.search || s.edges) u
          WHERE s.connector_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::integer)) d
        WHERE NOT EXISTS (SELECT 1 FROM search_words w WHERE w.word = d.word)`);
      // Then the one-gram CJK keys, ranked over the rows just written (pg-gram-rows.ts).
      await writePgGramRows(db, rows);
    },
  },
};
