import type { Database } from "better-sqlite3";
import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { ConnectorFields } from "../connector-rows.js";
import type { Db } from "../drizzle/dialect.js";
import { docsizeLength, gramCounts } from "./gram-counts.js";

type GramRow = [
  gram: string,
  titled: number,
  freq: number,
  length: number,
  name: string,
  connectorId: number,
];

// The backfill's statements (writeGramRows writes the same through drizzle).
const SIZES = "SELECT id, sz FROM connectors_fts_docsize WHERE id IN (SELECT value FROM json_each(?))";
const INSERT = `INSERT INTO connector_grams (gram, titled, freq, length, name, connector_id)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`;

/** The connector_grams rows of connectors: their five FTS5 columns as stored, their docsize records. */
function gramRows(
  rows: ReadonlyArray<{ id: number; columns: string[] }>,
  sizes: ReadonlyArray<{ id: number; sz: Uint8Array }>,
): GramRow[] {
  const lengths = new Map(sizes.map(({ id, sz }) => [id, docsizeLength(sz)]));
  return rows.flatMap(({ id, columns }) => {
    const length = lengths.get(id);
    if (length === undefined) throw new Error(`connector ${id} has no FTS5 row`);
    return [...gramCounts(columns)].map(([gram, { freq, titled }]): GramRow => {
      return [gram, titled ? 1 : 0, freq, length, columns[0]!, id];
    });
  });
}

/** JSON parameters of at most 20,000 rows each: one statement each, no bound-parameter limit. */
function chunks(rows: GramRow[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 20_000) out.push(JSON.stringify(rows.slice(i, i + 20_000)));
  return out;
}

/**
 * Writes the connector_grams rows of connectors just written (migration 0012_connector_grams), in the
 * same transaction and after the FTS5 triggers ran (their docsize gives bm25's document length): one
 * row per one-gram CJK query that matches the connector, with what bm25 ranks it by. The SQLite
 * dialect's search.write, for every create and update (sqlite-dialect.ts).
 */
export async function writeGramRows(
  handle: Db,
  rows: ReadonlyArray<{ connectorId: number; name: string; fields: ConnectorFields }>,
): Promise<void> {
  if (rows.length === 0) return;
  const db = handle as unknown as BetterSQLite3Database;
  const ids = JSON.stringify(rows.map((r) => r.connectorId));
  await db.run(sql`DELETE FROM connector_grams WHERE connector_id IN (SELECT value FROM json_each(${ids}))`);
  const sizes = (await db.all(
    sql`SELECT id, sz FROM connectors_fts_docsize WHERE id IN (SELECT value FROM json_each(${ids}))`,
  )) as Array<{ id: number; sz: Uint8Array }>;
  const texts = rows.map(({ connectorId, name, fields }) => ({
    id: connectorId,
    // The FTS5 columns as the triggers fill them (migration 0007_fts_extra).
    columns: [
      name,
      fields.displayName ?? "",
      fields.description,
      JSON.stringify(fields.keywords),
      fields.searchExtra ?? "",
    ],
  }));
  for (const chunk of chunks(gramRows(texts, sizes)))
    await db.run(sql`INSERT INTO connector_grams (gram, titled, freq, length, name, connector_id)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(${chunk})`);
}

/**
 * Fills connector_grams for the connectors written before migration 0012 (which leaves the meta row
 * `connector_grams` = `pending` when there were any): once, at open, before any search reads it.
 */
export function backfillGramRows(db: Database): void {
  const pending = db.prepare("SELECT 1 FROM meta WHERE key = 'connector_grams' AND value = 'pending'");
  if (pending.get() === undefined) return;
  const read = db.prepare(`SELECT id, name, coalesce(display_name, '') AS d, description, keywords,
    coalesce(search_extra, '') AS e FROM connectors WHERE id > ? ORDER BY id LIMIT 2000`);
  const sizes = db.prepare(SIZES);
  const insert = db.prepare(INSERT);
  db.transaction(() => {
    if (pending.get() === undefined) return; // another process filled them meanwhile
    db.prepare("DELETE FROM connector_grams").run();
    for (let last = 0; ;) {
      const batch = read.all(last) as Array<
        Record<"name" | "d" | "description" | "keywords" | "e", string> & { id: number }
      >;
      if (batch.length === 0) break;
      last = batch[batch.length - 1]!.id;
      const ids = JSON.stringify(batch.map((r) => r.id));
      const texts = batch.map((r) => ({ id: r.id, columns: [r.name, r.d, r.description, r.keywords, r.e] }));
      const found = sizes.all(ids) as Array<{ id: number; sz: Uint8Array }>;
      for (const chunk of chunks(gramRows(texts, found))) insert.run(chunk);
    }
    db.prepare("DELETE FROM meta WHERE key = 'connector_grams'").run();
  }).immediate();
}
