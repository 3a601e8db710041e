import { and, asc, eq, lt, type SQL } from "drizzle-orm";
import {
  fromBindingRow,
  type ExchangedTokenOwner,
  type NewTrustedPublisher,
  type TrustedPublisherRow,
  type TrustedPublishingStore,
} from "../trusted-publishing.js";
import { conflictAs409 } from "./conflict.js";
import type { On, Sides } from "./dialect.js";

/** Trusted publishing on either dialect: reads and writes go where the repository's `Sides` say. */
export class DrizzleTrusted implements TrustedPublishingStore {
  constructor(private readonly s: Sides) {}

  add(input: NewTrustedPublisher): Promise<TrustedPublisherRow> {
    const { trustedPublishers } = this.s.read.dialect.tables;
    return this.s.runWrite(async () => {
      const [row] = await conflictAs409(this.s.write.dialect, () =>
        this.s.write.db
          .insert(trustedPublishers)
          .values({ ...input, environment: input.environment ?? "" })
          .returning({ id: trustedPublishers.id }),
      );
      return (await this.rows(this.s.write, eq(trustedPublishers.id, row!.id)))[0]!;
    });
  }

  list(filter: { connector?: string; publisherId?: number }): Promise<TrustedPublisherRow[]> {
    const { trustedPublishers } = this.s.read.dialect.tables;
    const where: SQL[] = [];
    if (filter.connector !== undefined) where.push(eq(trustedPublishers.connector, filter.connector));
    if (filter.publisherId !== undefined) where.push(eq(trustedPublishers.publisherId, filter.publisherId));
    return this.s.runRead(() => this.rows(this.s.read, and(...where)));
  }

  remove(id: number): Promise<TrustedPublisherRow | undefined> {
    const { trustedPublishers } = this.s.read.dialect.tables;
    return this.s.runWrite(async () => {
      const [row] = await this.rows(this.s.write, eq(trustedPublishers.id, id));
      if (row) await this.s.write.db.delete(trustedPublishers).where(eq(trustedPublishers.id, id));
      return row;
    });
  }

  setRepositoryOwnerId(id: number, ownerId: string): Promise<void> {
    const { trustedPublishers } = this.s.read.dialect.tables;
    return this.s.runWrite(async () => {
      await this.s.write.db
        .update(trustedPublishers)
        .set({ repositoryOwnerId: ownerId })
        .where(eq(trustedPublishers.id, id));
    });
  }

  claimJti(input: { issuer: string; jti: string; expiresAt: string; now: string }): Promise<boolean> {
    const { oidcJtis } = this.s.read.dialect.tables;
    return this.s.runWrite(async () => {
      await this.s.write.db.delete(oidcJtis).where(lt(oidcJtis.expiresAt, input.now));
      // One statement: two processes exchanging the same token cannot both insert it.
      const inserted = await this.s.write.db
        .insert(oidcJtis)
        .values({ issuer: input.issuer, jti: input.jti, expiresAt: input.expiresAt })
        .onConflictDoNothing()
        .returning({ jti: oidcJtis.jti });
      return inserted.length === 1;
    });
  }

  createToken(input: ExchangedTokenOwner & { hash: string; createdAt: string }): Promise<void> {
    const { oidcTokens } = this.s.read.dialect.tables;
    return this.s.runWrite(async () => {
      await this.s.write.db.delete(oidcTokens).where(lt(oidcTokens.expiresAt, input.createdAt));
      const { publisher: _name, ...row } = input;
      void _name;
      await this.s.write.db.insert(oidcTokens).values(row);
    });
  }

  findToken(hash: string, now: string): Promise<ExchangedTokenOwner | undefined> {
    const { publishers, oidcTokens } = this.s.read.dialect.tables;
    return this.s.runRead(async () => {
      const [row] = await this.s.read.db
        .select({
          publisherId: oidcTokens.publisherId,
          publisher: publishers.name,
          connector: oidcTokens.connector,
          provenance: oidcTokens.provenance,
          expiresAt: oidcTokens.expiresAt,
        })
        .from(oidcTokens)
        .innerJoin(publishers, eq(publishers.id, oidcTokens.publisherId))
        .where(eq(oidcTokens.hash, hash));
      return row && row.expiresAt > now ? row : undefined;
    });
  }

  private async rows(on: On, where: SQL | undefined): Promise<TrustedPublisherRow[]> {
    const { publishers, trustedPublishers } = on.dialect.tables;
    const rows = await on.db
      .select({
        id: trustedPublishers.id,
        connector: trustedPublishers.connector,
        publisherId: trustedPublishers.publisherId,
        publisher: publishers.name,
        issuer: trustedPublishers.issuer,
        repository: trustedPublishers.repository,
        repositoryOwnerId: trustedPublishers.repositoryOwnerId,
        workflow: trustedPublishers.workflow,
        environment: trustedPublishers.environment,
        createdAt: trustedPublishers.createdAt,
      })
      .from(trustedPublishers)
      .innerJoin(publishers, eq(publishers.id, trustedPublishers.publisherId))
      .where(where)
      .orderBy(asc(trustedPublishers.id));
    return rows.map(fromBindingRow);
  }
}
