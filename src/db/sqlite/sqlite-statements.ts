import type { Database as Sqlite } from "better-sqlite3";
import { and, eq, sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { connectors, versions } from "./schema.js";

export interface SqliteConnections {
  writer: Sqlite;
  reader: Sqlite;
  writeDb: BetterSQLite3Database;
  readDb: BetterSQLite3Database;
}

/**
 * SqliteRepository's statements, prepared once: the hot reads on the reader connection, the download
 * counters on the writer (run inside one better-sqlite3 transaction), and the health check.
 */
export function prepareStatements(c: SqliteConnections) {
  const name = sql.placeholder("name");
  const version = sql.placeholder("version");
  return {
    dataVersion: c.reader.prepare("PRAGMA data_version").pluck(),
    connectorDocument: c.readDb
      .select({
        body: connectors.document,
        etag: connectors.etag,
        downloads: connectors.downloads,
      })
      .from(connectors)
      .where(eq(connectors.name, name))
      .prepare(),
    versionDocument: c.readDb
      .select({ body: versions.document, etag: versions.etag })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(and(eq(connectors.name, name), eq(versions.version, version)))
      .prepare(),
    tarball: c.readDb
      .select({
        blobKey: versions.blobKey,
        size: versions.size,
        integrity: versions.integrity,
        sha256: versions.sha256,
      })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(and(eq(connectors.name, name), eq(versions.version, version)))
      .prepare(),
    countVersion: c.writer.prepare(
      `UPDATE versions SET downloads = downloads + 1
       WHERE connector_id = (SELECT id FROM connectors WHERE name = ?) AND version = ?`,
    ),
    countConnector: c.writer.prepare(`UPDATE connectors SET downloads = downloads + 1 WHERE name = ?`),
    // A marked (unique) download also counts for its day: the quality score's weekly downloads.
    countDay: c.writer.prepare(
      `INSERT INTO download_days (connector_id, day, count) VALUES ((SELECT id FROM connectors WHERE name = ?), ?, 1)
       ON CONFLICT (connector_id, day) DO UPDATE SET count = count + 1`,
    ),
    insertMark: c.writer.prepare(`INSERT OR IGNORE INTO download_marks (key, day) VALUES (?, ?)`),
    deleteMark: c.writer.prepare(`DELETE FROM download_marks WHERE key = ?`),
    readmeHtml: c.readDb
      .select({ html: versions.readmeHtml })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(and(eq(connectors.name, name), eq(versions.version, version)))
      .prepare(),
    // A real table, so the check reads the file (SELECT 1 alone would not touch it).
    ping: c.reader.prepare("SELECT 1 FROM meta LIMIT 1"),
  };
}
