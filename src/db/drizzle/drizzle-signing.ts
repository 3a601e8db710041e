import { and, asc, desc, eq, gte, isNull, like, lt, or, sql } from "drizzle-orm";
import type { Prepared } from "../../core/api/prepared.js";
import {
  nodeKey,
  type CheckpointRow,
  type KeyStore,
  type LogLeafRow,
  type LogNodeRow,
  type LogReader,
  type LogWriter,
  type SigningKeyRow,
  type VersionSignatureColumns,
} from "../signing-store.js";
import type { Db, Dialect, On } from "./dialect.js";

const ROWS = 1000;

/**
 * Signing keys and the transparency log, on either dialect: one instance per transaction (appends), or on
 * the repository's reading handle. Appends take turns through the dialect's log lock.
 */
export class DrizzleSigning implements LogWriter, LogReader, KeyStore {
  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(on: On) {
    this.db = on.db;
    this.dialect = on.dialect;
  }

  async lockedSize(): Promise<number> {
    const { tlogLeaves } = this.dialect.tables;
    await this.dialect.lockLog(this.db);
    const [row] = await this.db
      .select({ n: sql<string>`coalesce(max(${tlogLeaves.idx}) + 1, 0)` })
      .from(tlogLeaves);
    return Number(row?.n ?? 0);
  }

  async nodes(wanted: Array<[number, number]>): Promise<Map<string, string>> {
    const { tlogNodes } = this.dialect.tables;
    const out = new Map<string, string>();
    if (wanted.length === 0) return out;
    const rows = await this.db
      .select()
      .from(tlogNodes)
      .where(or(...wanted.map(([level, idx]) => and(eq(tlogNodes.level, level), eq(tlogNodes.idx, idx)))));
    for (const r of rows) out.set(nodeKey(r.level, r.idx), r.hash);
    return out;
  }

  async append(
    leaves: Array<LogLeafRow & { createdAt: string }>,
    nodes: LogNodeRow[],
    checkpoint: CheckpointRow,
  ) {
    const { tlogCheckpoints, tlogLeaves, tlogNodes } = this.dialect.tables;
    // Rows per statement: a large batch stays under either database's bound-parameter limit.
    for (let i = 0; i < leaves.length; i += ROWS)
      await this.db
        .insert(tlogLeaves)
        .values(
          leaves
            .slice(i, i + ROWS)
            .map((l) => ({ idx: l.index, data: l.data, hash: l.hash, createdAt: l.createdAt })),
        );
    for (let i = 0; i < nodes.length; i += ROWS)
      await this.db
        .insert(tlogNodes)
        .values(nodes.slice(i, i + ROWS).map((n) => ({ level: n.level, idx: n.index, hash: n.hash })));
    await this.db.insert(tlogCheckpoints).values(checkpoint);
  }

  async signVersion(
    connectorId: number,
    version: string,
    columns: VersionSignatureColumns,
    document: Prepared,
  ) {
    const { versions } = this.dialect.tables;
    await this.db
      .update(versions)
      .set({ ...columns, document: document.body, etag: document.etag })
      .where(and(eq(versions.connectorId, connectorId), eq(versions.version, version)));
  }

  async latestCheckpoint(): Promise<CheckpointRow | undefined> {
    const { tlogCheckpoints } = this.dialect.tables;
    return (await this.db.select().from(tlogCheckpoints).orderBy(desc(tlogCheckpoints.size)).limit(1))[0];
  }

  async checkpoint(size: number): Promise<CheckpointRow | undefined> {
    const { tlogCheckpoints } = this.dialect.tables;
    return (await this.db.select().from(tlogCheckpoints).where(eq(tlogCheckpoints.size, size)))[0];
  }

  async checkpoints(): Promise<CheckpointRow[]> {
    const { tlogCheckpoints } = this.dialect.tables;
    return this.db.select().from(tlogCheckpoints).orderBy(asc(tlogCheckpoints.size));
  }

  async leaves(from: number, to: number): Promise<LogLeafRow[]> {
    const { tlogLeaves } = this.dialect.tables;
    return this.db
      .select({ index: tlogLeaves.idx, data: tlogLeaves.data, hash: tlogLeaves.hash })
      .from(tlogLeaves)
      .where(and(gte(tlogLeaves.idx, from), lt(tlogLeaves.idx, to)))
      .orderBy(asc(tlogLeaves.idx));
  }

  async unsignedCount(): Promise<number> {
    const { versions } = this.dialect.tables;
    const [row] = await this.db
      .select({ n: sql<string>`count(*)` })
      .from(versions)
      .where(isNull(versions.statement));
    return Number(row?.n ?? 0);
  }

  async unsignedConnectors(): Promise<string[]> {
    const { connectors, versions } = this.dialect.tables;
    const rows = await this.db
      .selectDistinct({ name: connectors.name })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(isNull(versions.statement))
      .orderBy(asc(connectors.name));
    return rows.map((r) => r.name);
  }

  async list(): Promise<SigningKeyRow[]> {
    const { signingKeys } = this.dialect.tables;
    return this.db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt));
  }

  async add(row: SigningKeyRow): Promise<void> {
    const { signingKeys } = this.dialect.tables;
    await this.db.insert(signingKeys).values(row).onConflictDoNothing();
  }

  async update(keyid: string, patch: { revokedAt?: string; expiresAt?: string }): Promise<boolean> {
    const { signingKeys } = this.dialect.tables;
    const rows = await this.db
      .update(signingKeys)
      .set(patch)
      .where(eq(signingKeys.keyid, keyid))
      .returning({ keyid: signingKeys.keyid });
    return rows.length > 0;
  }

  async forgetSignatures(keyid: string): Promise<number> {
    const { versions } = this.dialect.tables;
    const rows = await this.db
      .update(versions)
      .set({ statement: null, signatures: null, logIndex: null })
      .where(like(versions.signatures, `%"keyid":"${keyid.replace(/[%_"\\]/g, "")}"%`))
      .returning({ id: versions.id });
    return rows.length;
  }
}
