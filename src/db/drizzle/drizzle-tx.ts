import { and, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { PublisherBadge } from "../../core/api/documents.js";
import type { Category } from "../../core/types.js";
import type {
  ConnectorFields,
  ConnectorState,
  LookAlike,
  ReportRow,
  StoredQualityEvidence,
  VersionRecord,
} from "../connector-rows.js";
import type { Prepared } from "../../core/api/prepared.js";
import type { DomainVerification } from "../publisher-rows.js";
import type {
  NewConnector,
  NewConnectorVersion,
  NewReport,
  RegistryTx,
  VersionPatch,
} from "../registry-tx.js";
import { conflictAs409 } from "./conflict.js";
import { connectorRowColumns, insertConnectors, insertConnectorVersions } from "./insert-connectors.js";
import { versionRecordColumns } from "./connector-columns.js";
import type { Db, Dialect, On } from "./dialect.js";
import { DrizzleSigning } from "./drizzle-signing.js";
import * as pub from "./publishers.js";
import { reportColumns } from "./reports.js";

/**
 * The write side, one instance per transaction, on either dialect: SQLite runs it on the writer connection
 * inside BEGIN IMMEDIATE … COMMIT (SqliteRepository.transaction), PostgreSQL on one pooled connection
 * inside a transaction (PgRepository.transaction). Writers to one connector take turns through
 * `dialect.lockConnector` in loadConnector.
 */
export class DrizzleTx implements RegistryTx, On {
  /** Names of the connectors this transaction loaded or created: a dialect's search columns need the name. */
  private readonly names = new Map<number, string>();

  readonly log: DrizzleSigning;
  readonly keys: DrizzleSigning;

  constructor(
    readonly db: Db,
    readonly dialect: Dialect,
  ) {
    this.log = this.keys = new DrizzleSigning(this);
  }

  /**
   * Loads a connector and locks its name until the transaction ends. Every write to a connector starts
   * here, so two writers to one name take turns, and the second sees what the first wrote; a name not yet
   * created is locked too.
   */
  async loadConnector(name: string): Promise<ConnectorState | undefined> {
    const { connectors, distTags, publishers, versions } = this.dialect.tables;
    await this.dialect.lockConnector(this.db, name);
    const [row] = await this.db
      .select({
        id: connectors.id,
        name: connectors.name,
        publisherId: connectors.publisherId,
        publisher: publishers.name,
        createdAt: connectors.createdAt,
        updatedAt: connectors.updatedAt,
        verifiedDomains: publishers.verifiedDomains,
        unclaimed: publishers.unclaimed,
      })
      .from(connectors)
      .innerJoin(publishers, eq(publishers.id, connectors.publisherId))
      .where(eq(connectors.name, name));
    if (!row) return undefined;
    const { verifiedDomains, unclaimed, ...state } = row;
    this.names.set(row.id, row.name);
    const rows = await this.db
      .select(versionRecordColumns(versions))
      .from(versions)
      .where(eq(versions.connectorId, row.id))
      .orderBy(versions.id);
    const tags = await this.db.select().from(distTags).where(eq(distTags.connectorId, row.id));
    return {
      ...state,
      versions: rows,
      tags: Object.fromEntries(tags.map((t) => [t.tag, t.version])),
      publisherBadge: pub.badgeOf({ verifiedDomains, unclaimed }),
    };
  }

  async createConnector(input: NewConnector): Promise<number> {
    const [id] = await this.created([input], await insertConnectors(this.db, this.dialect, [input]));
    return id!;
  }

  async createConnectors(entries: readonly NewConnectorVersion[]): Promise<void> {
    await this.created(entries, await insertConnectorVersions(this.db, this.dialect, entries));
  }

  async insertVersion(connectorId: number, version: VersionRecord, document: Prepared): Promise<void> {
    const { versions } = this.dialect.tables;
    await conflictAs409(this.dialect, () =>
      this.db
        .insert(versions)
        .values({ connectorId, ...version, document: document.body, etag: document.etag }),
    );
  }

  async updateVersion(connectorId: number, version: string, patch: VersionPatch): Promise<void> {
    const { versions } = this.dialect.tables;
    await this.db
      .update(versions)
      .set({
        yanked: patch.yanked,
        deprecated: patch.deprecated,
        ...(patch.tools !== undefined ? { tools: patch.tools } : {}),
        ...(patch.malicious !== undefined ? { malicious: patch.malicious } : {}),
        ...(patch.toolSnapshot !== undefined ? { toolSnapshot: patch.toolSnapshot } : {}),
        ...(patch.resigned ?? {}),
        document: patch.document.body,
        etag: patch.document.etag,
      })
      .where(and(eq(versions.connectorId, connectorId), eq(versions.version, version)));
  }

  async setTags(connectorId: number, tags: Record<string, string>): Promise<void> {
    const { distTags } = this.dialect.tables;
    await this.db.delete(distTags).where(eq(distTags.connectorId, connectorId));
    const rows = Object.entries(tags).map(([tag, version]) => ({ connectorId, tag, version }));
    if (rows.length > 0) await this.db.insert(distTags).values(rows);
  }

  async updateConnector(connectorId: number, fields: ConnectorFields): Promise<void> {
    const { connectors } = this.dialect.tables;
    let name = this.names.get(connectorId);
    if (name === undefined && this.dialect.search) {
      const [row] = await this.db
        .select({ name: connectors.name })
        .from(connectors)
        .where(eq(connectors.id, connectorId));
      if (!row) return;
      name = row.name;
    }
    await this.db
      .update(connectors)
      .set(connectorRowColumns(this.dialect, name ?? "", fields))
      .where(eq(connectors.id, connectorId));
    if (name !== undefined) await this.dialect.search?.write(this.db, [{ connectorId, name, fields }]);
    await this.writeCategories(connectorId, fields.categories);
  }

  async findLookAlikes(skeletons: string[], publisherId: number): Promise<LookAlike[]> {
    const { connectors, publishers } = this.dialect.tables;
    if (skeletons.length === 0) return [];
    return this.db
      .select({
        name: connectors.name,
        displayName: connectors.displayName,
        publisher: publishers.name,
        nameSkeleton: connectors.nameSkeleton,
        displaySkeleton: connectors.displaySkeleton,
      })
      .from(connectors)
      .innerJoin(publishers, eq(publishers.id, connectors.publisherId))
      .where(
        and(
          ne(connectors.publisherId, publisherId),
          or(inArray(connectors.nameSkeleton, skeletons), inArray(connectors.displaySkeleton, skeletons)),
        ),
      )
      .orderBy(connectors.name)
      .limit(50);
  }

  async setMeta(key: string, value: string): Promise<void> {
    const { meta } = this.dialect.tables;
    await this.db
      .insert(meta)
      .values({ key, value })
      .onConflictDoUpdate({ target: meta.key, set: { value } });
  }

  async qualityEvidence(
    connectorId: number,
    days: { weekStart: string; previousWeekStart: string },
  ): Promise<StoredQualityEvidence> {
    const { connectors, downloadDays, reports } = this.dialect.tables;
    const [downloads] = await this.db
      .select({
        week: sql<number>`coalesce(sum(case when ${downloadDays.day} >= ${days.weekStart} then ${downloadDays.count} else 0 end), 0)`,
        before: sql<number>`coalesce(sum(case when ${downloadDays.day} < ${days.weekStart} then ${downloadDays.count} else 0 end), 0)`,
      })
      .from(downloadDays)
      .where(and(eq(downloadDays.connectorId, connectorId), gte(downloadDays.day, days.previousWeekStart)));
    const [open] = await this.db
      .select({ count: sql<number>`count(*)` })
      .from(reports)
      .where(and(eq(reports.connectorId, connectorId), eq(reports.status, "open")));
    const [row] = await this.db
      .select({ checks: connectors.checkSummary })
      .from(connectors)
      .where(eq(connectors.id, connectorId));
    return {
      weeklyDownloads: Number(downloads?.week ?? 0),
      previousWeeklyDownloads: Number(downloads?.before ?? 0),
      openReports: Number(open?.count ?? 0),
      checks: row?.checks ?? null,
    };
  }

  async renewCheckSummary(connectorId: number, summary: string, latestCheckedAt: string): Promise<boolean> {
    const { connectors } = this.dialect.tables;
    // Under READ COMMITTED the UPDATE re-checks its WHERE on the row a concurrent recordCheck committed.
    const rows = await this.db
      .update(connectors)
      .set({ checkSummary: summary })
      .where(
        and(
          eq(connectors.id, connectorId),
          this.dialect.summaryCheckedAtIs(latestCheckedAt),
          sql`${connectors.checkSummary} <> ${summary}`,
        ),
      )
      .returning({ id: connectors.id });
    return rows.length > 0;
  }

  async insertReport(input: NewReport): Promise<number> {
    const { reports } = this.dialect.tables;
    const [row] = await this.db.insert(reports).values(input).returning({ id: reports.id });
    if (!row) throw new Error("inserting a report returned no row");
    return row.id;
  }

  async loadReport(id: number): Promise<ReportRow | undefined> {
    const { connectors, reports } = this.dialect.tables;
    const [row] = await this.db
      .select(reportColumns(this.dialect.tables))
      .from(reports)
      .innerJoin(connectors, eq(connectors.id, reports.connectorId))
      .where(eq(reports.id, id));
    return row;
  }

  async resolveReport(id: number, status: string, resolvedAt: string): Promise<void> {
    const { reports } = this.dialect.tables;
    await this.db.update(reports).set({ status, resolvedAt }).where(eq(reports.id, id));
  }

  publisherBadge(publisherId: number): Promise<PublisherBadge> {
    return pub.publisherBadge(this, publisherId);
  }

  publisherConnectorNames(publisherId: number): Promise<string[]> {
    return pub.publisherConnectorNames(this, publisherId);
  }

  markDomainVerified(input: DomainVerification): Promise<void> {
    return conflictAs409(this.dialect, () => pub.markDomainVerified(this, input));
  }

  updatePublisher(publisherId: number, patch: { verifiedDomains?: string[]; unclaimed?: boolean }) {
    return pub.updatePublisher(this, publisherId, patch);
  }

  /** Remembers the names of connectors just created (a dialect's search columns need them); their ids. */
  private created(rows: readonly NewConnector[], ids: number[]): number[] {
    ids.forEach((id, k) => this.names.set(id, rows[k]!.name));
    return ids;
  }

  private async writeCategories(connectorId: number, categories: Category[]): Promise<void> {
    const { connectorCategories } = this.dialect.tables;
    await this.db.delete(connectorCategories).where(eq(connectorCategories.connectorId, connectorId));
    const rows = [...new Set(categories)].map((category) => ({ category, connectorId }));
    if (rows.length > 0) await this.db.insert(connectorCategories).values(rows);
  }
}
