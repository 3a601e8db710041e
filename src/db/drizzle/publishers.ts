import { and, asc, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import type { PublisherBadge } from "../../core/api/documents.js";
import { ConnectoryError } from "../../core/errors.js";
import type {
  DomainChallenge,
  DomainProofRow,
  DomainVerification,
  PublisherRecord,
} from "../publisher-rows.js";
import type { On } from "./dialect.js";

// Publishers' badges and domain proofs (docs/publishers.md), on either dialect: the repositories and
// DrizzleTx delegate here so the publisher queries live in one file.

/** The badge columns as the documents carry them. */
export function badgeOf(row: { verifiedDomains: string; unclaimed: boolean }): PublisherBadge {
  const domains = JSON.parse(row.verifiedDomains) as string[];
  return { verified: domains.length > 0, domains, unclaimed: row.unclaimed };
}

export async function findPublisher(on: On, name: string): Promise<PublisherRecord | undefined> {
  const { publishers } = on.dialect.tables;
  const { db } = on;
  const [row] = await db.select().from(publishers).where(eq(publishers.name, name));
  if (!row) return undefined;
  return { ...row, verifiedDomains: JSON.parse(row.verifiedDomains) as string[] };
}

export async function publisherBadge(on: On, publisherId: number): Promise<PublisherBadge> {
  const { publishers } = on.dialect.tables;
  const { db } = on;
  const [row] = await db
    .select({ verifiedDomains: publishers.verifiedDomains, unclaimed: publishers.unclaimed })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  return row ? badgeOf(row) : { verified: false, domains: [], unclaimed: false };
}

export async function domainProofs(
  on: On,
  filter: { publisherId?: number; domain?: string },
): Promise<DomainProofRow[]> {
  const { publishers, publisherDomains } = on.dialect.tables;
  const { db } = on;
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

export async function addDomainChallenge(on: On, input: DomainChallenge): Promise<void> {
  const { publisherDomains } = on.dialect.tables;
  const { db } = on;
  await db.insert(publisherDomains).values(input).onConflictDoNothing();
}

export async function publisherConnectorNames(on: On, publisherId: number): Promise<string[]> {
  const { connectors } = on.dialect.tables;
  const { db } = on;
  const rows = await db
    .select({ name: connectors.name })
    .from(connectors)
    .where(eq(connectors.publisherId, publisherId))
    .orderBy(asc(connectors.name));
  return rows.map((r) => r.name);
}

export async function markDomainVerified(on: On, input: DomainVerification): Promise<void> {
  const { publisherDomains } = on.dialect.tables;
  const { db } = on;
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
  on: On,
  publisherId: number,
  patch: { verifiedDomains?: string[]; unclaimed?: boolean },
): Promise<void> {
  const { publishers } = on.dialect.tables;
  const { db } = on;
  const set = {
    ...(patch.verifiedDomains !== undefined
      ? { verifiedDomains: JSON.stringify(patch.verifiedDomains) }
      : {}),
    ...(patch.unclaimed !== undefined ? { unclaimed: patch.unclaimed } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(publishers).set(set).where(eq(publishers.id, publisherId));
}
