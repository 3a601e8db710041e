import { and, asc, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { PublisherBadge } from "../../core/api/documents.js";
import { ConnectoryError } from "../../core/errors.js";
import type { ProofMethod } from "../../core/publishers/domain.js";
import type { DomainProofRow, PublisherRecord } from "../repository.js";
import { connectors, publisherDomains, publishers } from "./schema.js";

// Publishers' badges and domain proofs on SQLite (docs/publishers.md); SqliteRepository and SqliteTx
// delegate here so the publisher queries live in one file.

/** The badge columns as the documents carry them. */
export function badgeOf(row: { verifiedDomains: string; unclaimed: boolean }): PublisherBadge {
  const domains = JSON.parse(row.verifiedDomains) as string[];
  return { verified: domains.length > 0, domains, unclaimed: row.unclaimed };
}

export function findPublisher(db: BetterSQLite3Database, name: string): PublisherRecord | undefined {
  const row = db.select().from(publishers).where(eq(publishers.name, name)).get();
  if (!row) return undefined;
  return { ...row, verifiedDomains: JSON.parse(row.verifiedDomains) as string[] };
}

export function publisherBadge(db: BetterSQLite3Database, publisherId: number): PublisherBadge {
  const row = db
    .select({ verifiedDomains: publishers.verifiedDomains, unclaimed: publishers.unclaimed })
    .from(publishers)
    .where(eq(publishers.id, publisherId))
    .get();
  return row ? badgeOf(row) : { verified: false, domains: [], unclaimed: false };
}

export function domainProofs(
  db: BetterSQLite3Database,
  filter: { publisherId?: number; domain?: string },
): DomainProofRow[] {
  const where: SQL[] = [];
  if (filter.publisherId !== undefined) where.push(eq(publisherDomains.publisherId, filter.publisherId));
  if (filter.domain !== undefined) where.push(eq(publisherDomains.domain, filter.domain));
  return db
    .select({
      publisherId: publisherDomains.publisherId,
      publisher: publishers.name,
      domain: publisherDomains.domain,
      challenge: publisherDomains.challenge,
      requestedAt: publisherDomains.requestedAt,
      method: publisherDomains.method,
      verifiedAt: publisherDomains.verifiedAt,
    })
    .from(publisherDomains)
    .innerJoin(publishers, eq(publishers.id, publisherDomains.publisherId))
    .where(and(...where))
    .orderBy(asc(publisherDomains.domain), asc(publishers.name))
    .all() as DomainProofRow[];
}

export function addDomainChallenge(
  db: BetterSQLite3Database,
  input: { publisherId: number; domain: string; challenge: string; requestedAt: string },
): void {
  db.insert(publisherDomains).values(input).onConflictDoNothing().run();
}

export function publisherConnectorNames(db: BetterSQLite3Database, publisherId: number): string[] {
  return db
    .select({ name: connectors.name })
    .from(connectors)
    .where(eq(connectors.publisherId, publisherId))
    .orderBy(asc(connectors.name))
    .all()
    .map((r) => r.name);
}

export function markDomainVerified(
  db: BetterSQLite3Database,
  input: { publisherId: number; domain: string; method: ProofMethod; verifiedAt: string },
): void {
  // Checked first so the answer is the same on both databases (a unique violation would also say it).
  const holder = db
    .select({ publisherId: publisherDomains.publisherId })
    .from(publisherDomains)
    .where(
      and(
        eq(publisherDomains.domain, input.domain),
        isNotNull(publisherDomains.verifiedAt),
        ne(publisherDomains.publisherId, input.publisherId),
      ),
    )
    .get();
  if (holder)
    throw new ConnectoryError("db.conflict", "the domain is verified for another publisher", { status: 409 });
  db.update(publisherDomains)
    .set({ method: input.method, verifiedAt: input.verifiedAt })
    .where(
      and(eq(publisherDomains.publisherId, input.publisherId), eq(publisherDomains.domain, input.domain)),
    )
    .run();
}

export function updatePublisher(
  db: BetterSQLite3Database,
  publisherId: number,
  patch: { verifiedDomains?: string[]; unclaimed?: boolean },
): void {
  const set = {
    ...(patch.verifiedDomains !== undefined
      ? { verifiedDomains: JSON.stringify(patch.verifiedDomains) }
      : {}),
    ...(patch.unclaimed !== undefined ? { unclaimed: patch.unclaimed } : {}),
  };
  if (Object.keys(set).length > 0) db.update(publishers).set(set).where(eq(publishers.id, publisherId)).run();
}
