import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import { ConnectoryError } from "../../core/errors.js";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import type { CheckClaim, ClaimRequest } from "../check-rows.js";
import type { LeaseRequest, LeaseResult, RateCap, RateCount } from "../coordination-rows.js";
import type { ConnectorSummary, SearchQuery, ServerListQuery, ServerListRow } from "../listing-queries.js";
import type { DownloadMark } from "../connector-rows.js";
import type { Prepared } from "../../core/api/prepared.js";
import type { RegistryRepository } from "../repository.js";
import type { RegistryTx } from "../registry-tx.js";
import type { TokenOwner } from "../publisher-rows.js";
import {
  acquireLeasePg,
  ensureMetaPg,
  rateAddPg,
  rateCountPg,
  ratePrunePg,
  releaseLeasePg,
} from "./pg-coordination.js";
import { claimChecksPg, recordCheckPg, stabilityEvidenceManyPg, stabilityEvidencePg } from "./pg-checks.js";
import { isConnectionLost, isRetryable, unavailable } from "./pg-errors.js";
import { searchPg } from "./pg-search.js";
import { listServersPg } from "./pg-server-list.js";
import { DrizzleTx } from "../drizzle/drizzle-tx.js";
import { DrizzleRepository } from "../drizzle/drizzle-repository.js";
import { pgDialect } from "./pg-dialect.js";
import { prepareHotReads } from "./pg-hot-reads.js";
import { bufferAdvice, bufferSizing } from "./pg-buffer-advice.js";
import { BUILT_MAX, ResultCache } from "../result-cache.js";

// A deadlock or serialization failure is PostgreSQL asking us to try again; a few tries always suffice
// in practice, and a bounded number keeps a real bug from spinning.
const MAX_ATTEMPTS = 5;
// Tries of a call whose connection was cut; past them the database is reported unavailable (503).
const RECONNECT_ATTEMPTS = 4;

/**
 * RegistryRepository on PostgreSQL, shared by any number of registry processes. Each transaction gets its
 * own pooled connection, so writes to different connectors run side by side; writes to one connector
 * take turns on an advisory lock (DrizzleTx.loadConnector, pg-dialect.ts), and unique indexes turn any race that slips past
 * into `db.conflict`. Reads see the last committed state.
 */
export class PgRepository extends DrizzleRepository implements RegistryRepository {
  /** The hot reads, prepared once (pg-hot-reads.ts). */
  private readonly stmts;
  /** Search results, kept until a change to what reads show commits (src/db/result-cache.ts). */
  readonly results: ResultCache;
  /** Built answers (whileUnchanged), larger than rows: fewer of them. */
  private readonly built: ResultCache;

  constructor(
    private readonly client: Sql,
    private readonly db: PostgresJsDatabase,
    /** host:port/database, for messages (never the URL: it may hold a password). */
    private readonly where: string,
  ) {
    super({ db, dialect: pgDialect }, { db, dialect: pgDialect });
    this.stmts = prepareHotReads(db);
    // This database's change counter (migration 0012_change_counter): it moves when a transaction of any
    // process that changed what reads show commits, and with nothing else. One cheap round trip.
    // Without its row (removed by hand), a value equal to no other: nothing is kept.
    const counter = async (): Promise<unknown> =>
      (await this.client`SELECT n::text AS n FROM change_counter WHERE id = 1`)[0]?.n ?? {};
    this.results = new ResultCache(counter);
    this.built = new ResultCache(() => this.run(counter), BUILT_MAX);
  }

  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T> {
    // Nothing of a failed attempt committed; `fn` re-reads its state and redoes its work.
    return this.run(() => this.db.transaction((tx) => fn(new DrizzleTx(tx, pgDialect))), { retry: true });
  }

  connectorDocument(name: string): Promise<(Prepared & { downloads: number }) | undefined> {
    return this.run(async () => (await this.stmts.connectorDocument.execute({ name }))[0]);
  }

  versionDocument(name: string, version: string): Promise<Prepared | undefined> {
    return this.run(async () => (await this.stmts.versionDocument.execute({ name, version }))[0]);
  }

  versionDocuments(wanted: Array<{ name: string; version: string }>): Promise<Map<string, Prepared>> {
    return this.run(async () => {
      const out = new Map<string, Prepared>();
      if (wanted.length === 0) return out;
      const rows = await this.client<Array<{ name: string; version: string; body: string; etag: string }>>`
        SELECT c.name, v.version, v.document AS body, v.etag
        FROM unnest(${wanted.map((w) => w.name)}::text[], ${wanted.map((w) => w.version)}::text[]) AS w(name, version)
        JOIN connectors c ON c.name = w.name
        JOIN versions v ON v.connector_id = c.id AND v.version = w.version`;
      for (const r of rows) out.set(`${r.name}@${r.version}`, { body: r.body, etag: r.etag });
      return out;
    });
  }

  resolveTag(name: string, tag: string): Promise<string | undefined> {
    return this.run(async () =>
      tag === "latest"
        ? ((await this.stmts.latest.execute({ name }))[0]?.latest ?? undefined)
        : (await this.stmts.tag.execute({ name, tag }))[0]?.version,
    );
  }

  tarball(name: string, version: string) {
    return this.run(async () => (await this.stmts.tarball.execute({ name, version }))[0]);
  }

  countDownload(name: string, version: string, mark?: DownloadMark): Promise<boolean> {
    // One statement, so both counters move together; the row locks of the UPDATEs make it exact. With a
    // mark, the counters move only when the mark is new (a concurrent twin waits, then inserts nothing).
    if (!mark) {
      return this.run(
        async () =>
          (
            await this.client`
              WITH v AS (
                UPDATE versions SET downloads = downloads + 1
                WHERE connector_id = (SELECT id FROM connectors WHERE name = ${name}) AND version = ${version}
                RETURNING connector_id
              )
              UPDATE connectors SET downloads = downloads + 1 WHERE id IN (SELECT connector_id FROM v) RETURNING id`
          ).length > 0,
        { retry: true },
      );
    }
    return this.run(
      async () =>
        (
          await this.client`
            WITH m AS (
              INSERT INTO download_marks (key, day) VALUES (${mark.key}, ${mark.day})
              ON CONFLICT DO NOTHING RETURNING key
            ), v AS (
              UPDATE versions SET downloads = downloads + 1
              WHERE connector_id = (SELECT id FROM connectors WHERE name = ${name}) AND version = ${version}
                AND EXISTS (SELECT 1 FROM m)
              RETURNING connector_id
            ), d AS (
              -- A marked (unique) download also counts for its day: the quality score's weekly downloads.
              INSERT INTO download_days (connector_id, day, count) SELECT connector_id, ${mark.day}, 1 FROM v
              ON CONFLICT (connector_id, day) DO UPDATE SET count = download_days.count + 1
            )
            UPDATE connectors SET downloads = downloads + 1 WHERE id IN (SELECT connector_id FROM v) RETURNING id`
        ).length > 0,
      { retry: true },
    );
  }

  readmeHtml(name: string, version: string): Promise<string | null | undefined> {
    return this.run(async () => (await this.stmts.readmeHtml.execute({ name, version }))[0]?.html);
  }

  storeReadmeHtml(name: string, version: string, html: string): Promise<void> {
    return this.run(async () => {
      await this.client`
        UPDATE versions SET readme_html = ${html}
        WHERE connector_id = (SELECT id FROM connectors WHERE name = ${name}) AND version = ${version}`;
    });
  }

  search(query: SearchQuery): Promise<ConnectorSummary[]> {
    return this.run(() =>
      this.results.get(`search ${JSON.stringify(query)}`, () => searchPg(this.client, query)),
    );
  }

  listServers(query: ServerListQuery): Promise<ServerListRow[]> {
    // Not kept itself: the pages built from these rows are (whileUnchanged, src/registry/official/servers.ts).
    return this.run(() => listServersPg(this.client, query));
  }

  whileUnchanged<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.built.get(key, compute); // compute's own reads translate their errors
  }

  async ping(): Promise<void> {
    try {
      await this.run(() => this.client`SELECT 1 FROM meta LIMIT 1`);
    } catch (error) {
      if (error instanceof ConnectoryError && error.status === 503) throw error;
      // Whatever else failed (a missing table, a read-only replica refusing us…), this database cannot serve.
      throw new ConnectoryError("db.unavailable", `the PostgreSQL database at ${this.where} failed a check`, {
        status: 503,
        hint: "operators: check the database server and DATABASE_URL",
        cause: error,
      });
    }
  }

  findToken(hash: string): Promise<TokenOwner | undefined> {
    return this.run(async () => (await this.stmts.findToken.execute({ hash }))[0]);
  }

  claimChecks(input: ClaimRequest): Promise<CheckClaim[]> {
    return this.run(() => claimChecksPg(this.client, input), { retry: true });
  }

  recordCheck(
    name: string,
    version: string | null,
    result: CheckResult,
  ): Promise<StabilityEvidence | undefined> {
    return this.run(() => recordCheckPg(this.client, name, version, result), { retry: true });
  }

  stabilityEvidence(name: string, now: string): Promise<StabilityEvidence | undefined> {
    return this.run(() => stabilityEvidencePg(this.client, name, now));
  }

  stabilityEvidenceMany(names: readonly string[], now: string): Promise<Map<string, StabilityEvidence>> {
    return this.run(() => stabilityEvidenceManyPg(this.client, names, now));
  }

  ensureMeta(key: string, value: string): Promise<string> {
    return this.run(() => ensureMetaPg(this.client, key, value));
  }

  rateCount(key: string, since: number): Promise<RateCount> {
    return this.run(() => rateCountPg(this.client, key, since));
  }

  rateAdd(key: string, at: number, limit?: RateCap): Promise<boolean> {
    return this.run(() => rateAddPg(this.client, key, at, limit), { retry: true });
  }

  ratePrune(before: number): Promise<void> {
    return this.run(() => ratePrunePg(this.client, before));
  }

  acquireLease(...request: LeaseRequest): Promise<LeaseResult> {
    return this.run(() => acquireLeasePg(this.client, ...request), { retry: true });
  }

  releaseLease(name: string, holder: string): Promise<void> {
    return this.run(() => releaseLeasePg(this.client, name, holder));
  }

  async startupAdvice(): Promise<string | undefined> {
    return bufferAdvice(await bufferSizing(this.client));
  }

  async close(): Promise<void> {
    // Lets queries in flight finish (up to 5 s), then closes every pooled connection.
    await this.client.end({ timeout: 5 });
  }

  protected runRead<T>(work: () => Promise<T>): Promise<T> {
    return this.run(work);
  }

  protected runWrite<T>(work: () => Promise<T>): Promise<T> {
    return this.run(work);
  }

  /**
   * Runs one repository call: with `retry`, again after a deadlock or serialization failure (PostgreSQL
   * asking for exactly that); a lost or refused connection becomes a 503 `db.unavailable`, so clients and
   * load balancers see "try elsewhere or later" rather than a bug.
   */
  private async run<T>(work: () => Promise<T>, options: { retry?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (options.retry && isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
        // A lost connection: postgres.js reconnects for the next call, and a statement or transaction cut
        // short is rolled back, so run it again after a short pause. (Should the answer to a COMMIT be what
        // was lost, the retry meets its own work: a publish then answers 409 publish.version.exists.)
        if (isConnectionLost(error) && attempt < RECONNECT_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          continue;
        }
        throw unavailable(error, this.where);
      }
    }
  }
}
