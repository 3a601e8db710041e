import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { daysBefore, KEEP_DOWNLOAD_DAYS } from "../download-days.js";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import { ConnectoryError } from "../../core/errors.js";
import type { Category } from "../../core/types.js";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import * as pub from "./pg-publishers.js";
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
import { claimChecksPg, recordCheckPg, stabilityEvidenceManyPg, stabilityEvidencePg } from "./pg-checks.js";
import { isRetryable, unavailable } from "./pg-errors.js";
import { searchPg } from "./pg-search.js";
import { listServersPg } from "./pg-server-list.js";
import { PgTx, REPORT_COLUMNS } from "./pg-tx.js";
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

// A deadlock or serialization failure is PostgreSQL asking us to try again; a few tries always suffice
// in practice, and a bounded number keeps a real bug from spinning.
const MAX_ATTEMPTS = 5;

/**
 * RegistryRepository on PostgreSQL, shared by any number of registry processes. Each transaction gets its
 * own pooled connection, so writes to different connectors run side by side; writes to one connector
 * take turns on an advisory lock (PgTx.loadConnector), and unique indexes turn any race that slips past
 * into `db.conflict`. Reads see the last committed state.
 */
export class PgRepository implements RegistryRepository {
  // The hot reads, prepared once: a named server-side statement skips parsing and planning per request
  // (measured: about 4× the throughput of building the query each time).
  private readonly stmts;

  constructor(
    private readonly client: Sql,
    private readonly db: PostgresJsDatabase,
    /** host:port/database, for messages (never the URL: it may hold a password). */
    private readonly where: string,
  ) {
    const name = sql.placeholder("name");
    const version = sql.placeholder("version");
    const byVersion = and(eq(connectors.name, name), eq(versions.version, version));
    this.stmts = {
      connectorDocument: db
        .select({
          body: connectors.document,
          etag: connectors.etag,
          downloads: connectors.downloads,
        })
        .from(connectors)
        .where(eq(connectors.name, name))
        .prepare("connector_document"),
      versionDocument: db
        .select({ body: versions.document, etag: versions.etag })
        .from(versions)
        .innerJoin(connectors, eq(connectors.id, versions.connectorId))
        .where(byVersion)
        .prepare("version_document"),
      tarball: db
        .select({
          blobKey: versions.blobKey,
          size: versions.size,
          integrity: versions.integrity,
          sha256: versions.sha256,
        })
        .from(versions)
        .innerJoin(connectors, eq(connectors.id, versions.connectorId))
        .where(byVersion)
        .prepare("tarball"),
      readmeHtml: db
        .select({ html: versions.readmeHtml })
        .from(versions)
        .innerJoin(connectors, eq(connectors.id, versions.connectorId))
        .where(byVersion)
        .prepare("readme_html"),
      latest: db
        .select({ latest: connectors.latest })
        .from(connectors)
        .where(eq(connectors.name, name))
        .prepare("latest"),
      tag: db
        .select({ version: distTags.version })
        .from(distTags)
        .innerJoin(connectors, eq(connectors.id, distTags.connectorId))
        .where(and(eq(connectors.name, name), eq(distTags.tag, sql.placeholder("tag"))))
        .prepare("tag"),
      findToken: db
        .select({ tokenId: tokens.id, publisherId: publishers.id, publisher: publishers.name })
        .from(tokens)
        .innerJoin(publishers, eq(publishers.id, tokens.publisherId))
        .where(and(eq(tokens.hash, sql.placeholder("hash")), isNull(tokens.revokedAt)))
        .prepare("find_token"),
    };
  }

  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T> {
    // Nothing of a failed attempt committed; `fn` re-reads its state and redoes its work.
    return this.run(() => this.db.transaction((tx) => fn(new PgTx(tx))), { retry: true });
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

  pruneDownloadMarks(day: string): Promise<void> {
    return this.run(async () => {
      await this.db.delete(downloadMarks).where(lt(downloadMarks.day, day));
      await this.db.delete(downloadDays).where(lt(downloadDays.day, daysBefore(day, KEEP_DOWNLOAD_DAYS)));
    });
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
    return this.run(() => searchPg(this.client, query));
  }

  listServers(query: ServerListQuery): Promise<ServerListRow[]> {
    return this.run(() => listServersPg(this.client, query));
  }

  categories(): Promise<Array<{ category: Category; count: number }>> {
    return this.run(
      async () =>
        (await this.db
          .select({ category: connectorCategories.category, count: sql<number>`count(*)::int` })
          .from(connectorCategories)
          .groupBy(connectorCategories.category)
          .orderBy(connectorCategories.category)) as Array<{ category: Category; count: number }>,
    );
  }

  listReports(query: { status?: string; limit: number; before?: number }): Promise<ReportRow[]> {
    const where = and(
      query.status !== undefined ? eq(reports.status, query.status) : undefined,
      query.before !== undefined ? lt(reports.id, Math.min(query.before, 2_147_483_647)) : undefined,
    );
    return this.run(() =>
      this.db
        .select(REPORT_COLUMNS)
        .from(reports)
        .innerJoin(connectors, eq(connectors.id, reports.connectorId))
        .where(where)
        .orderBy(desc(reports.id))
        .limit(query.limit),
    );
  }

  connectorNames(): Promise<string[]> {
    return this.run(async () =>
      (await this.db.select({ name: connectors.name }).from(connectors).orderBy(connectors.name)).map(
        (r) => r.name,
      ),
    );
  }

  getMeta(key: string): Promise<string | undefined> {
    return this.run(async () => (await this.db.select().from(meta).where(eq(meta.key, key)))[0]?.value);
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

  ensurePublisher(name: string, now: string, options?: { unclaimed?: boolean }): Promise<PublisherRow> {
    return this.run(async () => {
      await this.db
        .insert(publishers)
        .values({ name, createdAt: now, unclaimed: options?.unclaimed ?? false })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(publishers).where(eq(publishers.name, name));
      if (!row) throw new Error(`publisher ${name} vanished after insert`);
      return { id: row.id, name: row.name, createdAt: row.createdAt };
    });
  }

  findPublisher(name: string): Promise<PublisherRecord | undefined> {
    return this.run(() => pub.findPublisher(this.db, name));
  }

  domainProofs(filter: { publisherId?: number; domain?: string }): Promise<DomainProofRow[]> {
    return this.run(() => pub.domainProofs(this.db, filter));
  }

  addDomainChallenge(input: {
    publisherId: number;
    domain: string;
    challenge: string;
    requestedAt: string;
  }): Promise<void> {
    return this.run(() => pub.addDomainChallenge(this.db, input));
  }

  createToken(input: {
    publisherId: number;
    hash: string;
    prefix: string;
    label: string | null;
    createdAt: string;
  }): Promise<TokenRow> {
    return this.run(async () => {
      const [inserted] = await this.db.insert(tokens).values(input).returning({ id: tokens.id });
      const [row] = inserted ? await this.tokenRows(eq(tokens.id, inserted.id)) : [];
      if (!row) throw new Error("inserting a token returned no row");
      return row;
    });
  }

  findToken(hash: string): Promise<TokenOwner | undefined> {
    return this.run(async () => (await this.stmts.findToken.execute({ hash }))[0]);
  }

  listTokens(): Promise<TokenRow[]> {
    return this.run(() => this.tokenRows());
  }

  revokeTokens(idOrPrefix: string, now: string): Promise<TokenRow[]> {
    // As on SQLite, digits name an id; ids beyond int4 cannot exist (and would not fit the parameter).
    const id = Number(idOrPrefix);
    const match = /^\d+$/.test(idOrPrefix)
      ? id <= 2_147_483_647
        ? eq(tokens.id, id)
        : sql`false`
      : eq(tokens.prefix, idOrPrefix);
    return this.run(async () => {
      const revoked = await this.db
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(match, isNull(tokens.revokedAt)))
        .returning({ id: tokens.id });
      if (revoked.length === 0) return [];
      const ids = new Set(revoked.map((r) => r.id));
      return (await this.tokenRows()).filter((t) => ids.has(t.id));
    });
  }

  claimChecks(input: {
    now: string;
    dueBefore: string;
    leaseUntil: string;
    limit: number;
  }): Promise<CheckClaim[]> {
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

  async close(): Promise<void> {
    // Lets queries in flight finish (up to 5 s), then closes every pooled connection.
    await this.client.end({ timeout: 5 });
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
        throw unavailable(error, this.where);
      }
    }
  }

  private async tokenRows(where?: ReturnType<typeof eq>): Promise<TokenRow[]> {
    const q = this.db
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
    return (where ? q.where(where) : q).orderBy(tokens.id);
  }
}
