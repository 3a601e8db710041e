import type { ConnectorFields } from "../connector-rows.js";
import type { NewConnector, NewConnectorVersion } from "../registry-tx.js";
import { conflictAs409 } from "./conflict.js";
import { connectorColumns } from "./connector-columns.js";
import type { Db, Dialect } from "./dialect.js";

// New connectors, on either dialect: one for a publish (createConnector), many for a bulk load
// (createConnectors, the benchmarks' seed). Both write the same rows.

// Connectors per INSERT of a bulk load: a connectors or versions row has 25 columns, so 400 rows stay
// under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const BULK_ROWS = 400;

/** The dialect's full-text columns beside the listing fields (PostgreSQL's vector needs the name). */
export function connectorRowColumns(dialect: Dialect, name: string, fields: ConnectorFields) {
  return { ...connectorColumns(fields), ...dialect.search?.columns(name, fields) };
}

/**
 * Inserts new connectors rows (one statement), their dialect's search rows and their categories; their
 * ids, in the order of `rows`. A name claimed meanwhile throws `db.conflict` and writes none of them.
 */
export async function insertConnectors(
  db: Db,
  dialect: Dialect,
  rows: readonly NewConnector[],
): Promise<number[]> {
  const { connectors, connectorCategories } = dialect.tables;
  const inserted = await conflictAs409(dialect, () =>
    db
      .insert(connectors)
      // `search` is typed as required (PostgreSQL's column); the dialect's search columns supply it there.
      .values(
        rows.map(
          (r) =>
            ({
              name: r.name,
              publisherId: r.publisherId,
              createdAt: r.createdAt,
              ...connectorRowColumns(dialect, r.name, r.fields),
            }) as typeof connectors.$inferInsert,
        ),
      )
      .returning({ id: connectors.id, name: connectors.name }),
  );
  const idOf = new Map(inserted.map((r) => [r.name, r.id]));
  const ids = rows.map((r) => {
    const id = idOf.get(r.name);
    if (id === undefined) throw new Error(`inserting connector ${r.name} returned no id`);
    return id;
  });
  await dialect.search?.write(
    db,
    rows.map((r, k) => ({ connectorId: ids[k]!, name: r.name, fields: r.fields })),
  );
  // A new id has no categories yet (ids are never reused), so nothing to delete first.
  const categories = rows.flatMap((r, k) =>
    [...new Set(r.fields.categories)].map((category) => ({ category, connectorId: ids[k]! })),
  );
  if (categories.length > 0) await db.insert(connectorCategories).values(categories);
  return ids;
}

/** New connectors with their one version each, BULK_ROWS per statement; their ids, in order. */
export async function insertConnectorVersions(
  db: Db,
  dialect: Dialect,
  entries: readonly NewConnectorVersion[],
): Promise<number[]> {
  const { versions } = dialect.tables;
  const ids: number[] = [];
  for (let i = 0; i < entries.length; i += BULK_ROWS) {
    const chunk = entries.slice(i, i + BULK_ROWS);
    const chunkIds = await insertConnectors(db, dialect, chunk);
    await conflictAs409(dialect, () =>
      db.insert(versions).values(
        chunk.map((e, k) => ({
          connectorId: chunkIds[k]!,
          ...e.version,
          document: e.document.body,
          etag: e.document.etag,
        })),
      ),
    );
    ids.push(...chunkIds);
  }
  return ids;
}
