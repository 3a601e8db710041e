import { and, asc, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { PublisherBadge } from "../../core/api/documents.js";
import { ConnectoryError } from "../../core/errors.js";
import type { ProofMethod } from "../../core/publishers/domain.js";
import type { DomainProofRow, PublisherRecord } from "../repository.js";
import type { PgTransaction } from "./pg-tx.js";
import { connectors, publisherDomains, publishers } from "./schema.js";

// Publishers' badges and domain proofs on PostgreSQL (docs/publishers.md), the twin of
// src/db/sqlite/sqlite-publishers.ts; PgRepository and PgTx delegate here.

type Db = PostgresJsDatabase | PgTransaction;

/** The badge columns as the documents carry them. */
export function badgeOf(row: { verifiedDomains: string; unclaimed: boolean }): PublisherBadge {
  const domains = JSON.parse(row.verifiedDomains) as string[];
  return { verified: domains.length > 0, domains, unclaimed: row.unclaimed };
}

export async function findPublisher(db: Db, name: string): Promise<PublisherRecord | undefined> {
  const [row] = await db.select().from(publishers).where(eq(publishers.name, name));
  if (!row) return undefined;
  return { ...row, verifiedDomains: JSON.parse(row.verifiedDomains) as string[] };
}

export async function publisherBadge(db: Db, publisherId: number): Promise<PublisherBadge> {
  const [row] = await db
    .select({ verifiedDomains: publishers.verifiedDomains, unclaimed: publishers.unclaimed })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  return row ? badgeOf(row) : { verified: false, domains: [], unclaimed: false };
}

export async function domainProofs(
  db: Db,
  filter: { publisherId?: number; domain?: string },
): Promise<DomainProofRow[]> {
  const where: SQL[] = [];
  if (filter.publisherId !== undefined) where.push(eq(publisherDomains.publisherId, filter.publisherId));
  if (filter.domain !== undefined) where.push(eq(publisherDomains.domain, filter.domain));
  return (await db
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
    .orderBy(asc(publisherDomains.domain), asc(publishers.name))) as DomainProofRow[];
}

export async function addDomainChallenge(
  db: Db,
  input: { publisherId: number; domain: string; challenge: string; requestedAt: string },
): Promise<void> {
  await db.insert(publisherDomains).values(input).onConflictDoNothing();
}

export async function publisherConnectorNames(db: Db, publisherId: number): Promise<string[]> {
  const rows = await db
    .select({ name: connectors.name })
    .from(connectors)
    .where(eq(connectors.publisherId, publisherId))
    .orderBy(asc(connectors.name));
  return rows.map((r) => r.name);
}

export async function markDomainVerified(
  db: Db,
  input: { publisherId: number; domain: string; method: ProofMethod; verifiedAt: string },
): Promise<void> {
  // Checked first so the answer is the same on both databases; the partial unique index settles a race.
  const [holder] = await db
    .select({ publisherId: publisherDomains.publisherId })
    .from(publisherDomains)
    .where(
      and(
        eq(publisherDomains.domain, input.domain),
        isNotNull(publisherDomains.verifiedAt),
        ne(publisherDomains.publisherId, input.publisherId),
      ),
    );
  if (holder)
    throw new ConnectoryError("db.conflict", "the domain is verified for another publisher", { status: 409 });
  await db
    .update(publisherDomains)
    .set({ method: input.method, verifiedAt: input.verifiedAt })
    .where(
      and(eq(publisherDomains.publisherId, input.publisherId), eq(publisherDomains.domain, input.domain)),
    );
}

export async function updatePublisher(
  db: Db,
  publisherId: number,
  patch: { verifiedDomains?: string[]; unclaimed?: boolean },
): Promise<void> {
  const set = {
    ...(patch.verifiedDomains !== undefined
      ? { verifiedDomains: JSON.stringify(patch.verifiedDomains) }
      : {}),
    ...(patch.unclaimed !== undefined ? { unclaimed: patch.unclaimed } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(publishers).set(set).where(eq(publishers.id, publisherId));
}
