import { and, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
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
import { pgErrorCode } from "./pg-errors.js";
import type { PublisherBadge } from "../../core/api/documents.js";
import type { ProofMethod } from "../../core/publishers/domain.js";
import * as pub from "./pg-publishers.js";
import {
  connectorCategories,
  connectors,
  connectorSearch,
  distTags,
  downloadDays,
  meta,
  publishers,
  reports,
  versions,
} from "./schema.js";
import { searchVector } from "./search-text.js";

/** A drizzle handle that runs inside one transaction. */
export type PgTransaction = Parameters<Parameters<PostgresJsDatabase["transaction"]>[0]>[0];

// The first key of the two-key advisory locks that serialize writes to one connector name (the
// single-key space, used by the migrations lock, does not overlap it).
const CONNECTOR_LOCK = 7_342_001;

/** The write side on PostgreSQL: one instance per transaction (see PgRepository.transaction). */

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

export class PgTx implements RegistryTx {
  /** Names of the connectors this transaction loaded or created: the search vector needs the name. */
  private readonly names = new Map<number, string>();

  constructor(private readonly db: PgTransaction) {}

  /**
   * Loads a connector and locks its name until the transaction ends. Every write to a connector starts
   * here, so two processes publishing to one name take turns, and the second sees what the first wrote
   * (READ COMMITTED takes a fresh snapshot per statement); a name not yet created is locked too.
   */
  async loadConnector(name: string): Promise<ConnectorState | undefined> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(${CONNECTOR_LOCK}, hashtext(${name}))`);
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
      .orderBy(versions.id);
    const tags = await this.db.select().from(distTags).where(eq(distTags.connectorId, row.id));
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
    const [row] = await conflictAs409(() =>
      this.db
        .insert(connectors)
        .values({
          name: input.name,
          publisherId: input.publisherId,
          createdAt: input.createdAt,
          ...columns(input.name, input.fields),
        })
        .returning({ id: connectors.id }),
    );
    if (!row) throw new Error(`inserting connector ${input.name} returned no id`);
    this.names.set(row.id, input.name);
    await this.writeSearch(row.id, input.name, input.fields);
    await this.writeCategories(row.id, input.fields.categories);
    return row.id;
  }

  async insertVersion(connectorId: number, version: VersionRecord, document: Prepared): Promise<void> {
    await conflictAs409(() =>
      this.db
        .insert(versions)
        .values({ connectorId, ...version, document: document.body, etag: document.etag }),
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
    await this.db
      .update(versions)
      .set({
        yanked: patch.yanked,
        deprecated: patch.deprecated,
        ...(patch.tools !== undefined ? { tools: patch.tools } : {}),
        ...(patch.malicious !== undefined ? { malicious: patch.malicious } : {}),
        document: patch.document.body,
        etag: patch.document.etag,
      })
      .where(and(eq(versions.connectorId, connectorId), eq(versions.version, version)));
  }

  async setTags(connectorId: number, tags: Record<string, string>): Promise<void> {
    await this.db.delete(distTags).where(eq(distTags.connectorId, connectorId));
    const rows = Object.entries(tags).map(([tag, version]) => ({ connectorId, tag, version }));
    if (rows.length > 0) await this.db.insert(distTags).values(rows);
  }

  async updateConnector(connectorId: number, fields: ConnectorFields): Promise<void> {
    let name = this.names.get(connectorId);
    if (name === undefined) {
      const [row] = await this.db
        .select({ name: connectors.name })
        .from(connectors)
        .where(eq(connectors.id, connectorId));
      if (!row) return;
      name = row.name;
    }
    await this.db.update(connectors).set(columns(name, fields)).where(eq(connectors.id, connectorId));
    await this.writeSearch(connectorId, name, fields);
    await this.writeCategories(connectorId, fields.categories);
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
      .limit(50);
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insert(meta)
      .values({ key, value })
      .onConflictDoUpdate({ target: meta.key, set: { value } });
  }

  async qualityEvidence(
    connectorId: number,
    days: { weekStart: string; previousWeekStart: string },
  ): Promise<StoredQualityEvidence> {
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
    // Under READ COMMITTED the UPDATE re-checks its WHERE on the row a concurrent recordCheck committed.
    const rows = await this.db
      .update(connectors)
      .set({ checkSummary: summary })
      .where(
        and(
          eq(connectors.id, connectorId),
          sql`(${connectors.checkSummary}::jsonb #>> '{latest,checkedAt}') = ${latestCheckedAt}`,
          sql`${connectors.checkSummary} <> ${summary}`,
        ),
      )
      .returning({ id: connectors.id });
    return rows.length > 0;
  }

  async insertReport(input: {
    connectorId: number;
    version: string;
    kind: string;
    message: string;
    createdAt: string;
  }): Promise<number> {
    const [row] = await this.db.insert(reports).values(input).returning({ id: reports.id });
    if (!row) throw new Error("inserting a report returned no row");
    return row.id;
  }

  async loadReport(id: number): Promise<ReportRow | undefined> {
    const [row] = await this.db
      .select(REPORT_COLUMNS)
      .from(reports)
      .innerJoin(connectors, eq(connectors.id, reports.connectorId))
      .where(eq(reports.id, id));
    return row;
  }

  async resolveReport(id: number, status: string, resolvedAt: string): Promise<void> {
    await this.db.update(reports).set({ status, resolvedAt }).where(eq(reports.id, id));
  }

  publisherBadge(publisherId: number): Promise<PublisherBadge> {
    return pub.publisherBadge(this.db, publisherId);
  }

  publisherConnectorNames(publisherId: number): Promise<string[]> {
    return pub.publisherConnectorNames(this.db, publisherId);
  }

  markDomainVerified(input: {
    publisherId: number;
    domain: string;
    method: ProofMethod;
    verifiedAt: string;
  }): Promise<void> {
    return conflictAs409(() => pub.markDomainVerified(this.db, input));
  }

  updatePublisher(publisherId: number, patch: { verifiedDomains?: string[]; unclaimed?: boolean }) {
    return pub.updatePublisher(this.db, publisherId, patch);
  }

  /** The narrow search row (schema.ts connectorSearch): the same vector as connectors.search, and the name. */
  private async writeSearch(connectorId: number, name: string, fields: ConnectorFields): Promise<void> {
    const search = sql`${searchVector({ name, ...fields })}::tsvector`;
    await this.db
      .insert(connectorSearch)
      .values({ connectorId, name, search })
      .onConflictDoUpdate({ target: connectorSearch.connectorId, set: { name, search } });
  }

  private async writeCategories(connectorId: number, categories: Category[]): Promise<void> {
    await this.db.delete(connectorCategories).where(eq(connectorCategories.connectorId, connectorId));
    const rows = [...new Set(categories)].map((category) => ({ category, connectorId }));
    if (rows.length > 0) await this.db.insert(connectorCategories).values(rows);
  }
}

function columns(name: string, fields: ConnectorFields) {
  const vector = searchVector({ name, ...fields });
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
    search: sql`${vector}::tsvector`,
  };
}

/** A unique-constraint failure means someone else got there first: a 409 the services understand. */
async function conflictAs409<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new ConnectoryError("db.conflict", "the row already exists", { status: 409, cause: error });
    }
    throw error;
  }
}
