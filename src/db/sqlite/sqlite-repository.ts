import type { Database as Sqlite } from "better-sqlite3";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { daysBefore, KEEP_DOWNLOAD_DAYS } from "../download-days.js";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { ConnectoryError } from "../../core/errors.js";
import type { Category } from "../../core/types.js";
import { Mutex } from "../mutex.js";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import * as pub from "./sqlite-publishers.js";
import type {
  CheckClaim,
  DomainProofRow,
  PublisherRecord,
  ConnectorSummary,
  DownloadMark,
  Prepared,
  PublisherRow,
  RegistryRepository,
  RegistryTx,
  ReportRow,
  SearchQuery,
  ServerListQuery,
  ServerListRow,
  TokenOwner,
  TokenRow,
} from "../repository.js";
import {
  connectorCategories,
  connectors,
  distTags,
  downloadDays,
  downloadMarks,
  meta,
  publishers,
  reports,
  tokens,
  versions,
} from "./schema.js";
import { SqliteChecks } from "./sqlite-checks.js";
import { SqliteSearch } from "./sqlite-search.js";
import { SqliteServerList } from "./sqlite-server-list.js";
import { REPORT_COLUMNS, SqliteTx } from "./sqlite-tx.js";

export interface SqliteConnections {
  writer: Sqlite;
  reader: Sqlite;
  writeDb: BetterSQLite3Database;
  readDb: BetterSQLite3Database;
}

/**
 * RegistryRepository on SQLite. Two connections: reads go to `reader` (WAL gives it the last committed
 * snapshot, never a transaction in flight); every write goes through one mutex to `writer`, because a
 * transaction stays open across the awaits of a publish (the blob put) and anything else run on that
 * connection meanwhile would silently join it.
 */
export class SqliteRepository implements RegistryRepository {
  private readonly mutex = new Mutex();
  private readonly tx: SqliteTx;
  private readonly searcher: SqliteSearch;
  private readonly serverList: SqliteServerList;
  private readonly checks: SqliteChecks;
  private readonly stmts;

  constructor(private readonly c: SqliteConnections) {
    this.tx = new SqliteTx(c.writeDb);
    this.searcher = new SqliteSearch(c.reader);
    this.serverList = new SqliteServerList(c.reader);
    this.checks = new SqliteChecks(c.writer, c.reader);
    const name = sql.placeholder("name");
    const version = sql.placeholder("version");
    this.stmts = {
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

  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      // IMMEDIATE takes the write lock now, so another process cannot slip in between our read and write.
      this.c.writer.exec("BEGIN IMMEDIATE");
      try {
        const result = await fn(this.tx);
        this.c.writer.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.c.writer.inTransaction) this.c.writer.exec("ROLLBACK");
        throw error;
      }
    });
  }

  async connectorDocument(name: string): Promise<(Prepared & { downloads: number }) | undefined> {
    return this.stmts.connectorDocument.get({ name });
  }

  async versionDocument(name: string, version: string): Promise<Prepared | undefined> {
    return this.stmts.versionDocument.get({ name, version });
  }

  async versionDocuments(wanted: Array<{ name: string; version: string }>): Promise<Map<string, Prepared>> {
    const out = new Map<string, Prepared>();
    for (const { name, version } of wanted) {
      const found = this.stmts.versionDocument.get({ name, version });
      if (found) out.set(`${name}@${version}`, found);
    }
    return out;
  }

  async resolveTag(name: string, tag: string): Promise<string | undefined> {
    if (tag === "latest") {
      const row = this.c.readDb
        .select({ latest: connectors.latest })
        .from(connectors)
        .where(eq(connectors.name, name))
        .get();
      return row?.latest ?? undefined;
    }
    const row = this.c.readDb
      .select({ version: distTags.version })
      .from(distTags)
      .innerJoin(connectors, eq(connectors.id, distTags.connectorId))
      .where(and(eq(connectors.name, name), eq(distTags.tag, tag)))
      .get();
    return row?.version;
  }

  async tarball(name: string, version: string) {
    return this.stmts.tarball.get({ name, version });
  }

  countDownload(name: string, version: string, mark?: DownloadMark): Promise<boolean> {
    return this.mutex.run(() =>
      this.c.writer.transaction(() => {
        // A mark already there means this client was counted for this version today.
        if (mark && this.stmts.insertMark.run(mark.key, mark.day).changes === 0) return false;
        if (this.stmts.countVersion.run(name, version).changes === 0) {
          if (mark) this.stmts.deleteMark.run(mark.key);
          return false;
        }
        this.stmts.countConnector.run(name);
        if (mark) this.stmts.countDay.run(name, mark.day);
        return true;
      })(),
    );
  }

  pruneDownloadMarks(day: string): Promise<void> {
    return this.mutex.run(() => {
      this.c.writeDb.delete(downloadMarks).where(lt(downloadMarks.day, day)).run();
      this.c.writeDb
        .delete(downloadDays)
        .where(lt(downloadDays.day, daysBefore(day, KEEP_DOWNLOAD_DAYS)))
        .run();
    });
  }

  async readmeHtml(name: string, version: string): Promise<string | null | undefined> {
    return this.stmts.readmeHtml.get({ name, version })?.html;
  }

  storeReadmeHtml(name: string, version: string, html: string): Promise<void> {
    return this.mutex.run(() => {
      this.c.writer
        .prepare(
          `UPDATE versions SET readme_html = ?
           WHERE connector_id = (SELECT id FROM connectors WHERE name = ?) AND version = ?`,
        )
        .run(html, name, version);
    });
  }

  async search(query: SearchQuery): Promise<ConnectorSummary[]> {
    return this.searcher.run(query);
  }

  async listServers(query: ServerListQuery): Promise<ServerListRow[]> {
    return this.serverList.run(query);
  }

  async categories(): Promise<Array<{ category: Category; count: number }>> {
    return this.c.readDb
      .select({ category: connectorCategories.category, count: sql<number>`count(*)` })
      .from(connectorCategories)
      .groupBy(connectorCategories.category)
      .all() as Array<{ category: Category; count: number }>;
  }

  async listReports(query: { status?: string; limit: number; before?: number }): Promise<ReportRow[]> {
    const where = and(
      query.status !== undefined ? eq(reports.status, query.status) : undefined,
      query.before !== undefined ? lt(reports.id, query.before) : undefined,
    );
    return this.c.readDb
      .select(REPORT_COLUMNS)
      .from(reports)
      .innerJoin(connectors, eq(connectors.id, reports.connectorId))
      .where(where)
      .orderBy(desc(reports.id))
      .limit(query.limit)
      .all();
  }

  async connectorNames(): Promise<string[]> {
    return this.c.readDb
      .select({ name: connectors.name })
      .from(connectors)
      .orderBy(connectors.name)
      .all()
      .map((r) => r.name);
  }

  async getMeta(key: string): Promise<string | undefined> {
    return this.c.readDb.select().from(meta).where(eq(meta.key, key)).get()?.value;
  }

  async ping(): Promise<void> {
    try {
      this.stmts.ping.get();
    } catch (error) {
      // A closed handle, a vanished or corrupt file, an I/O error: the database cannot serve requests.
      throw new ConnectoryError("db.unavailable", "the SQLite database cannot be read", {
        status: 503,
        hint: "operators: check the database file, its folder and the disk",
        cause: error,
      });
    }
  }

  ensurePublisher(name: string, now: string, options?: { unclaimed?: boolean }): Promise<PublisherRow> {
    return this.mutex.run(() => {
      this.c.writeDb
        .insert(publishers)
        .values({ name, createdAt: now, unclaimed: options?.unclaimed ?? false })
        .onConflictDoNothing()
        .run();
      const row = this.c.writeDb.select().from(publishers).where(eq(publishers.name, name)).get()!;
      return { id: row.id, name: row.name, createdAt: row.createdAt };
    });
  }

  async findPublisher(name: string): Promise<PublisherRecord | undefined> {
    return pub.findPublisher(this.c.readDb, name);
  }

  async domainProofs(filter: { publisherId?: number; domain?: string }): Promise<DomainProofRow[]> {
    return pub.domainProofs(this.c.readDb, filter);
  }

  addDomainChallenge(input: {
    publisherId: number;
    domain: string;
    challenge: string;
    requestedAt: string;
  }): Promise<void> {
    return this.mutex.run(() => pub.addDomainChallenge(this.c.writeDb, input));
  }

  createToken(input: {
    publisherId: number;
    hash: string;
    prefix: string;
    label: string | null;
    createdAt: string;
  }): Promise<TokenRow> {
    return this.mutex.run(() => {
      const { id } = this.c.writeDb.insert(tokens).values(input).returning({ id: tokens.id }).get();
      return this.tokenRows(this.c.writeDb, eq(tokens.id, id))[0] as TokenRow;
    });
  }

  async findToken(hash: string): Promise<TokenOwner | undefined> {
    const row = this.c.readDb
      .select({
        tokenId: tokens.id,
        publisherId: publishers.id,
        publisher: publishers.name,
        revokedAt: tokens.revokedAt,
      })
      .from(tokens)
      .innerJoin(publishers, eq(publishers.id, tokens.publisherId))
      .where(eq(tokens.hash, hash))
      .get();
    if (!row || row.revokedAt !== null) return undefined;
    return { tokenId: row.tokenId, publisherId: row.publisherId, publisher: row.publisher };
  }

  async listTokens(): Promise<TokenRow[]> {
    return this.tokenRows(this.c.readDb);
  }

  revokeTokens(idOrPrefix: string, now: string): Promise<TokenRow[]> {
    return this.mutex.run(() => {
      const match = /^\d+$/.test(idOrPrefix)
        ? eq(tokens.id, Number(idOrPrefix))
        : eq(tokens.prefix, idOrPrefix);
      const found = this.tokenRows(this.c.writeDb, match).filter((t) => t.revokedAt === null);
      for (const t of found) {
        this.c.writeDb.update(tokens).set({ revokedAt: now }).where(eq(tokens.id, t.id)).run();
      }
      return found.map((t) => ({ ...t, revokedAt: now }));
    });
  }

  claimChecks(input: {
    now: string;
    dueBefore: string;
    leaseUntil: string;
    limit: number;
  }): Promise<CheckClaim[]> {
    return this.mutex.run(() => this.checks.claim(input));
  }

  recordCheck(
    name: string,
    version: string | null,
    result: CheckResult,
  ): Promise<StabilityEvidence | undefined> {
    return this.mutex.run(() => this.checks.record(name, version, result));
  }

  async stabilityEvidence(name: string, now: string): Promise<StabilityEvidence | undefined> {
    return this.checks.evidenceOf(name, now);
  }

  async stabilityEvidenceMany(
    names: readonly string[],
    now: string,
  ): Promise<Map<string, StabilityEvidence>> {
    return this.checks.evidenceMany(names, now);
  }

  async close(): Promise<void> {
    // Wait for writes in flight, then close; a closed handle throws on use rather than hanging.
    await this.mutex.run(() => undefined);
    this.c.reader.close();
    this.c.writer.close();
  }

  private tokenRows(db: BetterSQLite3Database, where?: ReturnType<typeof eq>): TokenRow[] {
    const q = db
      .select({
        id: tokens.id,
        publisher: publishers.name,
        prefix: tokens.prefix,
        label: tokens.label,
        createdAt: tokens.createdAt,
        revokedAt: tokens.revokedAt,
      })
      .from(tokens)
      .innerJoin(publishers, eq(publishers.id, tokens.publisherId));
    return (where ? q.where(where) : q).orderBy(tokens.id).all();
  }
}
