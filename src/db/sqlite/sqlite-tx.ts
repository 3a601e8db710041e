import { and, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { ConnectoryError } from "../../core/errors.js";
import type { Category } from "../../core/types.js";
import type {
  ConnectorFields,
  ConnectorState,
  LookAlike,
  Prepared,
  RegistryTx,
  ReportRow,
  StoredQualityEvidence,
  VersionRecord,
} from "../repository.js";
import type { PublisherBadge } from "../../core/api/documents.js";
import type { ProofMethod } from "../../core/publishers/domain.js";
import {
  connectorCategories,
  connectors,
  distTags,
  downloadDays,
  meta,
  publishers,
  reports,
  versions,
} from "./schema.js";
import * as pub from "./sqlite-publishers.js";

/** The write side, run on the writer connection inside BEGIN IMMEDIATE … COMMIT (see SqliteRepository). */

/** A report as ReportRow: its columns and its connector's name (the join the queries add). */
export const REPORT_COLUMNS = {
  id: reports.id,
  name: connectors.name,
  version: reports.version,
  kind: reports.kind,
  message: reports.message,
  status: reports.status,
  createdAt: reports.createdAt,
  resolvedAt: reports.resolvedAt,
};

export class SqliteTx implements RegistryTx {
  constructor(private readonly db: BetterSQLite3Database) {}

  async loadConnector(name: string): Promise<ConnectorState | undefined> {
    const row = this.db
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
      .where(eq(connectors.name, name))
      .get();
    if (!row) return undefined;
    const { verifiedDomains, unclaimed, ...state } = row;
    const rows = this.db
      .select({
        version: versions.version,
        publishedAt: versions.publishedAt,
        yanked: versions.yanked,
        deprecated: versions.deprecated,
        integrity: versions.integrity,
        sha256: versions.sha256,
        size: versions.size,
        blobKey: versions.blobKey,
        content: versions.content,
        tools: versions.tools,
        warnings: versions.warnings,
        malicious: versions.malicious,
        provenance: versions.provenance,
      })
      .from(versions)
      .where(eq(versions.connectorId, row.id))
      .all();
    const tags = this.db.select().from(distTags).where(eq(distTags.connectorId, row.id)).all();
    return {
      ...state,
      versions: rows,
      tags: Object.fromEntries(tags.map((t) => [t.tag, t.version])),
      publisherBadge: pub.badgeOf({ verifiedDomains, unclaimed }),
    };
  }

  async createConnector(input: {
    name: string;
    publisherId: number;
    createdAt: string;
    fields: ConnectorFields;
  }): Promise<number> {
    const { fields } = input;
    const row = conflictAs409(() =>
      this.db
        .insert(connectors)
        .values({
          name: input.name,
          publisherId: input.publisherId,
          createdAt: input.createdAt,
          ...columns(fields),
        })
        .returning({ id: connectors.id })
        .get(),
    );
    this.writeCategories(row.id, fields.categories);
    return row.id;
  }

  async insertVersion(connectorId: number, version: VersionRecord, document: Prepared): Promise<void> {
    conflictAs409(() =>
      this.db
        .insert(versions)
        .values({ connectorId, ...version, document: document.body, etag: document.etag })
        .run(),
    );
  }

  async updateVersion(
    connectorId: number,
    version: string,
    patch: {
      yanked: boolean;
      deprecated: string | null;
      tools?: string | null;
      malicious?: string | null;
      document: Prepared;
    },
  ): Promise<void> {
    this.db
      .update(versions)
      .set({
        yanked: patch.yanked,
        deprecated: patch.deprecated,
        ...(patch.tools !== undefined ? { tools: patch.tools } : {}),
        ...(patch.malicious !== undefined ? { malicious: patch.malicious } : {}),
        document: patch.document.body,
        etag: patch.document.etag,
      })
      .where(and(eq(versions.connectorId, connectorId), eq(versions.version, version)))
      .run();
  }

  async setTags(connectorId: number, tags: Record<string, string>): Promise<void> {
    this.db.delete(distTags).where(eq(distTags.connectorId, connectorId)).run();
    const rows = Object.entries(tags).map(([tag, version]) => ({ connectorId, tag, version }));
    if (rows.length > 0) this.db.insert(distTags).values(rows).run();
  }

  async updateConnector(connectorId: number, fields: ConnectorFields): Promise<void> {
    this.db.update(connectors).set(columns(fields)).where(eq(connectors.id, connectorId)).run();
    this.writeCategories(connectorId, fields.categories);
  }

  async findLookAlikes(skeletons: string[], publisherId: number): Promise<LookAlike[]> {
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
      .limit(50)
      .all();
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.db
      .insert(meta)
      .values({ key, value })
      .onConflictDoUpdate({ target: meta.key, set: { value } })
      .run();
  }

  async qualityEvidence(
    connectorId: number,
    days: { weekStart: string; previousWeekStart: string },
  ): Promise<StoredQualityEvidence> {
    const downloads = this.db
      .select({
        week: sql<number>`coalesce(sum(case when ${downloadDays.day} >= ${days.weekStart} then ${downloadDays.count} else 0 end), 0)`,
        before: sql<number>`coalesce(sum(case when ${downloadDays.day} < ${days.weekStart} then ${downloadDays.count} else 0 end), 0)`,
      })
      .from(downloadDays)
      .where(and(eq(downloadDays.connectorId, connectorId), gte(downloadDays.day, days.previousWeekStart)))
      .get();
    const open = this.db
      .select({ count: sql<number>`count(*)` })
      .from(reports)
      .where(and(eq(reports.connectorId, connectorId), eq(reports.status, "open")))
      .get();
    const row = this.db
      .select({ checks: connectors.checkSummary })
      .from(connectors)
      .where(eq(connectors.id, connectorId))
      .get();
    return {
      weeklyDownloads: Number(downloads?.week ?? 0),
      previousWeeklyDownloads: Number(downloads?.before ?? 0),
      openReports: Number(open?.count ?? 0),
      checks: row?.checks ?? null,
    };
  }

  async renewCheckSummary(connectorId: number, summary: string, latestCheckedAt: string): Promise<boolean> {
    const rows = this.db
      .update(connectors)
      .set({ checkSummary: summary })
      .where(
        and(
          eq(connectors.id, connectorId),
          sql`json_extract(${connectors.checkSummary}, '$.latest.checkedAt') = ${latestCheckedAt}`,
          sql`${connectors.checkSummary} <> ${summary}`,
        ),
      )
      .returning({ id: connectors.id })
      .all();
    return rows.length > 0;
  }

  async insertReport(input: {
    connectorId: number;
    version: string;
    kind: string;
    message: string;
    createdAt: string;
  }): Promise<number> {
    const row = this.db.insert(reports).values(input).returning({ id: reports.id }).get();
    if (!row) throw new Error("inserting a report returned no row");
    return row.id;
  }

  async loadReport(id: number): Promise<ReportRow | undefined> {
    const row = this.db
      .select(REPORT_COLUMNS)
      .from(reports)
      .innerJoin(connectors, eq(connectors.id, reports.connectorId))
      .where(eq(reports.id, id))
      .get();
    return row;
  }

  async resolveReport(id: number, status: string, resolvedAt: string): Promise<void> {
    this.db.update(reports).set({ status, resolvedAt }).where(eq(reports.id, id)).run();
  }

  async publisherBadge(publisherId: number): Promise<PublisherBadge> {
    return pub.publisherBadge(this.db, publisherId);
  }

  async publisherConnectorNames(publisherId: number): Promise<string[]> {
    return pub.publisherConnectorNames(this.db, publisherId);
  }

  async markDomainVerified(input: {
    publisherId: number;
    domain: string;
    method: ProofMethod;
    verifiedAt: string;
  }): Promise<void> {
    pub.markDomainVerified(this.db, input);
  }

  async updatePublisher(publisherId: number, patch: { verifiedDomains?: string[]; unclaimed?: boolean }) {
    pub.updatePublisher(this.db, publisherId, patch);
  }

  private writeCategories(connectorId: number, categories: Category[]): void {
    this.db.delete(connectorCategories).where(eq(connectorCategories.connectorId, connectorId)).run();
    const rows = [...new Set(categories)].map((category) => ({ category, connectorId }));
    if (rows.length > 0) this.db.insert(connectorCategories).values(rows).run();
  }
}

function columns(fields: ConnectorFields) {
  return {
    displayName: fields.displayName,
    description: fields.description,
    keywords: JSON.stringify(fields.keywords),
    categories: JSON.stringify(fields.categories),
    version: fields.version,
    latest: fields.latest,
    updatedAt: fields.updatedAt,
    document: fields.document.body,
    etag: fields.document.etag,
    nameSkeleton: fields.nameSkeleton,
    displaySkeleton: fields.displaySkeleton,
    qualityScore: fields.qualityScore,
    ...(fields.checkTargets !== undefined ? { checkTargets: fields.checkTargets } : {}),
  };
}

/** A unique-constraint failure means someone else got there first: a 409 the services understand. */
function conflictAs409<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConnectoryError("db.conflict", "the row already exists", { status: 409, cause: error });
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}
