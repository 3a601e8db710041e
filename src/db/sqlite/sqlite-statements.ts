import type { Database as Sqlite } from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { hotReadKeys, preparedColumns, tarballColumns } from "../drizzle/connector-columns.js";
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
  const { byName, versionJoin, byVersion } = hotReadKeys({ connectors, versions });
  // A `select … from versions` kept to :name@:version (dynamic: drizzle's way to share part of a query).
  const ofVersion = <T extends SQLiteSelect>(query: T) =>
    query.innerJoin(connectors, versionJoin).where(byVersion);
  return {
    dataVersion: c.reader.prepare("PRAGMA data_version").pluck(),
    connectorDocument: c.readDb
      .select({ ...preparedColumns(connectors), downloads: connectors.downloads })
      .from(connectors)
      .where(byName)
      .prepare(),
    versionDocument: ofVersion(
      c.readDb.select(preparedColumns(versions)).from(versions).$dynamic(),
    ).prepare(),
    // A listing page's version documents in one statement (:wanted, a JSON array of [name, version]):
    // a drizzle statement per version cost ~0.5 ms of a 30-entry page (issue 29).
    versionDocuments: c.reader.prepare(
      `SELECT c.name AS name, v.version AS version, v.document AS body, v.etag AS etag
       FROM json_each(?) w
         CROSS JOIN connectors c ON c.name = json_extract(w.value, '$[0]')
         CROSS JOIN versions v ON v.connector_id = c.id AND v.version = json_extract(w.value, '$[1]')`,
    ),
    tarball: ofVersion(c.readDb.select(tarballColumns(versions)).from(versions).$dynamic()).prepare(),
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
    readmeHtml: ofVersion(c.readDb.select({ html: versions.readmeHtml }).from(versions).$dynamic()).prepare(),
    // A real table, so the check reads the file (SELECT 1 alone would not touch it).
    ping: c.reader.prepare("SELECT 1 FROM meta LIMIT 1"),
  };
}
