import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { ConnectorFields } from "../connector-rows.js";
import type { Db } from "../drizzle/dialect.js";

/** A text reversed character by character (code points), as migration 0015's recursive CTE reverses it. */
export function reversed(text: string): string {
  return [...text].reverse().join("");
}

/**
 * Writes the connectors_rev rows (migration 0015_description_reversed) of connectors just written, in the
 * same transaction: each description reversed, for the listing's two-word needles (sqlite-server-list.ts
 * firstEnd). Part of the SQLite dialect's search.write, for every create and update (sqlite-dialect.ts).
 */
export async function writeReversed(
  handle: Db,
  rows: ReadonlyArray<{ connectorId: number; fields: ConnectorFields }>,
): Promise<void> {
  if (rows.length === 0) return;
  const db = handle as unknown as BetterSQLite3Database;
  const ids = JSON.stringify(rows.map((r) => r.connectorId));
  await db.run(sql`DELETE FROM connectors_rev WHERE rowid IN (SELECT value FROM json_each(${ids}))`);
  const texts = JSON.stringify(rows.map((r) => [r.connectorId, reversed(r.fields.description)]));
  await db.run(
    sql`INSERT INTO connectors_rev(rowid, rev) SELECT value ->> 0, value ->> 1 FROM json_each(${texts})`,
  );
}
