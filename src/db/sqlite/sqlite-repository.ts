import { and, eq } from "drizzle-orm";
import { ConnectoryError } from "../../core/errors.js";
import { Mutex } from "../mutex.js";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import type { CheckClaim, ClaimRequest } from "../check-rows.js";
import type { LeaseRequest, LeaseResult, RateCap, RateCount } from "../coordination-rows.js";
import type { ConnectorSummary, SearchQuery, ServerListQuery, ServerListRow } from "../listing-queries.js";
import type { DownloadMark } from "../connector-rows.js";
import type { Prepared } from "../../core/api/prepared.js";
import type { RegistryRepository } from "../repository.js";
import type { RegistryTx } from "../registry-tx.js";
import type { TokenOwner } from "../publisher-rows.js";
import { connectors, distTags, publishers, tokens } from "./schema.js";
import { SqliteChecks } from "./sqlite-checks.js";
import { SqliteCoordination } from "./sqlite-coordination.js";
import { SqliteSearch } from "./sqlite-search.js";
import { BUILT_MAX, ResultCache } from "../result-cache.js";
import { prepareStatements, type SqliteConnections } from "./sqlite-statements.js";
import { SqliteServerList } from "./sqlite-server-list.js";
import { DrizzleTx } from "../drizzle/drizzle-tx.js";
import { DrizzleRepository } from "../drizzle/drizzle-repository.js";
import { sqliteOn } from "./sqlite-dialect.js";

/**
 * RegistryRepository on SQLite. Two connections: reads go to `reader` (WAL gives it the last committed
 * snapshot, never a transaction in flight); every write goes through one mutex to `writer`, because a
 * transaction stays open across the awaits of a publish (the blob put) and anything else run on that
 * connection meanwhile would silently join it.
 */
export class SqliteRepository extends DrizzleRepository implements RegistryRepository {
  private readonly mutex = new Mutex();
  private readonly searcher: SqliteSearch;
  private readonly serverList: SqliteServerList;
  private readonly checks: SqliteChecks;
  private readonly coordination: SqliteCoordination;
  private readonly stmts;
  /** Search results, kept until the next commit (src/db/result-cache.ts). */
  readonly results: ResultCache;
  /** Built answers (whileUnchanged), larger than rows: fewer of them. */
  private readonly built: ResultCache;

  constructor(private readonly c: SqliteConnections) {
    super(sqliteOn(c.readDb), sqliteOn(c.writeDb));
    this.searcher = new SqliteSearch(c.reader);
    this.serverList = new SqliteServerList(c.reader);
    this.results = new ResultCache(() => this.changeCounter());
    this.built = new ResultCache(() => this.changeCounter(), BUILT_MAX);
    this.checks = new SqliteChecks(c.writer, c.reader);
    this.coordination = new SqliteCoordination(c.writer, c.reader);
    this.stmts = prepareStatements(c);
  }

  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      // IMMEDIATE takes the write lock now, so another process cannot slip in between our read and write.
      this.c.writer.exec("BEGIN IMMEDIATE");
      try {
        const { db, dialect } = sqliteOn(this.c.writeDb);
        const result = await fn(new DrizzleTx(db, dialect));
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

  changeCounter(): number {
    return this.stmts.dataVersion.get() as number;
  }

  async versionDocument(name: string, version: string): Promise<Prepared | undefined> {
    return this.stmts.versionDocument.get({ name, version });
  }

  async versionDocuments(wanted: Array<{ name: string; version: string }>): Promise<Map<string, Prepared>> {
    const out = new Map<string, Prepared>();
    if (wanted.length === 0) return out;
    const rows = this.stmts.versionDocuments.all(
      JSON.stringify(wanted.map(({ name, version }) => [name, version])),
    ) as Array<{ name: string; version: string; body: string; etag: string }>;
    for (const { name, version, body, etag } of rows) out.set(`${name}@${version}`, { body, etag });
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

  search(query: SearchQuery): Promise<ConnectorSummary[]> {
    return this.results.get(`search ${JSON.stringify(query)}`, () => this.searcher.run(query));
  }

  async listServers(query: ServerListQuery): Promise<ServerListRow[]> {
    // Not kept itself: the pages built from these rows are (whileUnchanged, src/registry/official/servers.ts).
    return this.serverList.run(query);
  }

  whileUnchanged<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.built.get(key, compute);
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

  claimChecks(input: ClaimRequest): Promise<CheckClaim[]> {
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

  ensureMeta(key: string, value: string): Promise<string> {
    return this.mutex.run(() => this.coordination.ensureMeta(key, value));
  }

  async rateCount(key: string, since: number): Promise<RateCount> {
    return this.coordination.count(key, since);
  }

  rateAdd(key: string, at: number, limit?: RateCap): Promise<boolean> {
    return this.mutex.run(() => this.coordination.add(key, at, limit));
  }

  ratePrune(before: number): Promise<void> {
    return this.mutex.run(() => this.coordination.prune(before));
  }

  acquireLease(...request: LeaseRequest): Promise<LeaseResult> {
    return this.mutex.run(() => this.coordination.acquire(...request));
  }

  releaseLease(name: string, holder: string): Promise<void> {
    return this.mutex.run(() => this.coordination.release(name, holder));
  }

  /** Reads run on the reader connection as they come. */
  protected runRead<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Writes take turns on the writer connection (see the class comment). */
  protected runWrite<T>(work: () => Promise<T>): Promise<T> {
    return this.mutex.run(work);
  }

  async close(): Promise<void> {
    // Wait for writes in flight, then close; a closed handle throws on use rather than hanging.
    await this.mutex.run(() => undefined);
    this.c.reader.close();
    this.c.writer.close();
  }
}
