import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Category } from "../../core/types.js";
import { daysBefore, KEEP_DOWNLOAD_DAYS } from "../download-days.js";
import type {
  DomainChallenge,
  DomainProofRow,
  NewToken,
  PublisherRecord,
  PublisherRow,
  TokenRow,
} from "../publisher-rows.js";
import type { ReportRow } from "../connector-rows.js";
import type { On, Sides } from "./dialect.js";
import { DrizzleSigning } from "./drizzle-signing.js";
import { DrizzleTrusted } from "./drizzle-trusted.js";
import * as pub from "./publishers.js";
import { listReports } from "./reports.js";
import { tokenRows } from "./tokens.js";

/**
 * The part of RegistryRepository that is the same query on both dialects: publishers, tokens, reports,
 * categories, meta, the signing log's reads and trusted publishing. SqliteRepository and PgRepository
 * extend it with what each does its own way (transactions, the prepared hot reads, counting, search,
 * checks, coordination) and say where reads and writes run (`runRead`, `runWrite`).
 */
export abstract class DrizzleRepository {
  readonly trustedPublishing: DrizzleTrusted;
  readonly log: DrizzleSigning;
  readonly keys: DrizzleSigning;
  private readonly sides: Sides;

  constructor(
    private readonly read: On,
    private readonly write: On,
  ) {
    this.sides = {
      read,
      write,
      runRead: (work) => this.runRead(work),
      runWrite: (work) => this.runWrite(work),
    };
    this.trustedPublishing = new DrizzleTrusted(this.sides);
    this.log = this.keys = new DrizzleSigning(read);
  }

  /** Runs a read (PostgreSQL: a lost database becomes `db.unavailable`). */
  protected abstract runRead<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a write outside a transaction (SQLite: under the write mutex). */
  protected abstract runWrite<T>(work: () => Promise<T>): Promise<T>;

  ensurePublisher(
    name: string,
    now: string,
    options?: { unclaimed?: boolean; upstreamNamespace?: string },
  ): Promise<PublisherRow> {
    const { db, dialect } = this.write;
    const { publishers } = dialect.tables;
    return this.runWrite(async () => {
      await db
        .insert(publishers)
        .values({
          name,
          createdAt: now,
          unclaimed: options?.unclaimed ?? false,
          upstreamNamespace: options?.upstreamNamespace ?? null,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(publishers).where(eq(publishers.name, name));
      if (!row) throw new Error(`publisher ${name} vanished after insert`);
      return { id: row.id, name: row.name, createdAt: row.createdAt };
    });
  }

  findPublisher(name: string): Promise<PublisherRecord | undefined> {
    return this.runRead(() => pub.findPublisher(this.read, name));
  }

  domainProofs(filter: { publisherId?: number; domain?: string }): Promise<DomainProofRow[]> {
    return this.runRead(() => pub.domainProofs(this.read, filter));
  }

  addDomainChallenge(input: DomainChallenge): Promise<void> {
    return this.runWrite(() => pub.addDomainChallenge(this.write, input));
  }

  createToken(input: NewToken): Promise<TokenRow> {
    const { tokens } = this.write.dialect.tables;
    return this.runWrite(async () => {
      const [inserted] = await this.write.db.insert(tokens).values(input).returning({ id: tokens.id });
      const [row] = inserted ? await tokenRows(this.write, eq(tokens.id, inserted.id)) : [];
      if (!row) throw new Error("inserting a token returned no row");
      return row;
    });
  }

  listTokens(): Promise<TokenRow[]> {
    return this.runRead(() => tokenRows(this.read));
  }

  revokeTokens(idOrPrefix: string, now: string): Promise<TokenRow[]> {
    const { tokens } = this.write.dialect.tables;
    // Digits name an id; ids beyond int4 cannot exist (and would not fit PostgreSQL's parameter).
    const id = Number(idOrPrefix);
    const match = /^\d+$/.test(idOrPrefix)
      ? id <= 2_147_483_647
        ? eq(tokens.id, id)
        : sql`1 = 0`
      : eq(tokens.prefix, idOrPrefix);
    return this.runWrite(async () => {
      const revoked = await this.write.db
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(match, isNull(tokens.revokedAt)))
        .returning({ id: tokens.id });
      if (revoked.length === 0) return [];
      const ids = new Set(revoked.map((r) => r.id));
      return (await tokenRows(this.write)).filter((t) => ids.has(t.id));
    });
  }

  pruneDownloadMarks(day: string): Promise<void> {
    const { db, dialect } = this.write;
    const { downloadMarks, downloadDays } = dialect.tables;
    return this.runWrite(async () => {
      await db.delete(downloadMarks).where(lt(downloadMarks.day, day));
      await db.delete(downloadDays).where(lt(downloadDays.day, daysBefore(day, KEEP_DOWNLOAD_DAYS)));
    });
  }

  categories(): Promise<Array<{ category: Category; count: number }>> {
    const { connectorCategories } = this.read.dialect.tables;
    return this.runRead(async () => {
      const rows = await this.read.db
        .select({ category: connectorCategories.category, count: sql<number | string>`count(*)` })
        .from(connectorCategories)
        .groupBy(connectorCategories.category)
        .orderBy(connectorCategories.category);
      return rows.map((r) => ({ category: r.category as Category, count: Number(r.count) }));
    });
  }

  listReports(query: { status?: string; limit: number; before?: number }): Promise<ReportRow[]> {
    return this.runRead(() => listReports(this.read, query));
  }

  connectorOfUpstreamName(upstreamName: string): Promise<string | undefined> {
    const { connectors } = this.read.dialect.tables;
    return this.runRead(async () => {
      const [row] = await this.read.db
        .select({ name: connectors.name })
        .from(connectors)
        .where(eq(connectors.upstreamName, upstreamName))
        .orderBy(connectors.id)
        .limit(1);
      return row?.name;
    });
  }

  connectorNames(): Promise<string[]> {
    const { connectors } = this.read.dialect.tables;
    return this.runRead(async () => {
      const rows = await this.read.db
        .select({ name: connectors.name })
        .from(connectors)
        .orderBy(connectors.name);
      return rows.map((r) => r.name);
    });
  }

  getMeta(key: string): Promise<string | undefined> {
    const { meta } = this.read.dialect.tables;
    return this.runRead(
      async () => (await this.read.db.select().from(meta).where(eq(meta.key, key)))[0]?.value,
    );
  }
}
