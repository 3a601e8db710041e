import type { Prepared } from "../core/api/prepared.js";

// The data layer of registry signatures and the transparency log (src/registry/signing/, src/registry/tlog/),
// dialect-free: src/db/drizzle/drizzle-signing.ts implements it on both dialects. Hashes are hex.

/** A signing key's public half as stored (signing_keys). */
export interface SigningKeyRow {
  keyid: string;
  /** base64 of the raw Ed25519 key. */
  publicKey: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** JSON { keyid, sig }: the previous key's endorsement of this one. */
  endorsement: string | null;
}

/** A complete subtree's hash. */
export interface LogNodeRow {
  level: number;
  index: number;
  hash: string;
}

export interface CheckpointRow {
  size: number;
  root: string;
  /** The signed note, as served. */
  note: string;
  createdAt: string;
}

export interface LogLeafRow {
  index: number;
  /** The signed statement bytes (UTF-8 text). */
  data: string;
  hash: string;
}

/** A version's signature columns. */
export interface VersionSignatureColumns {
  statement: string;
  signatures: string;
  logIndex: number;
}

/** The log's write side, inside a registry write transaction. */
export interface LogWriter {
  /**
   * Takes the log's append lock until the transaction ends (PostgreSQL: an advisory lock, so processes
   * append one at a time, in commit order; SQLite: writes are serialized already) and returns its size.
   */
  lockedSize(): Promise<number>;
  /** The stored subtree hashes among `wanted` ([level, index]), keyed `level/index`. */
  nodes(wanted: Array<[number, number]>): Promise<Map<string, string>>;
  /** Appends a batch of leaves with the subtrees they complete and one checkpoint of the new size. */
  append(
    leaves: Array<LogLeafRow & { createdAt: string }>,
    nodes: LogNodeRow[],
    checkpoint: CheckpointRow,
  ): Promise<void>;
  /** Stores a version's statement, signatures and log index, with its rebuilt document (the backfill). */
  signVersion(
    connectorId: number,
    version: string,
    columns: VersionSignatureColumns,
    document: Prepared,
  ): Promise<void>;
}

/** The log's read side. */
export interface LogReader {
  nodes(wanted: Array<[number, number]>): Promise<Map<string, string>>;
  latestCheckpoint(): Promise<CheckpointRow | undefined>;
  checkpoint(size: number): Promise<CheckpointRow | undefined>;
  /** Every published checkpoint, by size (for `log verify`). */
  checkpoints(): Promise<CheckpointRow[]>;
  /** Leaves [from, to), in order. */
  leaves(from: number, to: number): Promise<LogLeafRow[]>;
  /** How many versions have no statement yet (the start-up backfill signs them). */
  unsignedCount(): Promise<number>;
  /** Names of connectors with an unsigned version. */
  unsignedConnectors(): Promise<string[]>;
}

/** The registry's public keys (writes only inside a transaction: RegistryTx.keys). */
export interface KeyReader {
  list(): Promise<SigningKeyRow[]>;
}

export interface KeyStore extends KeyReader {
  /** Adds a key unless its keyid is stored (then nothing changes). */
  add(row: SigningKeyRow): Promise<void>;
  /** Sets revoked_at (and expires_at, when given) of a key; false when there is no such key. */
  update(keyid: string, patch: { revokedAt?: string; expiresAt?: string }): Promise<boolean>;
  /** Clears the statement of every version `keyid` signed (the start-up backfill signs them again); how many. */
  forgetSignatures(keyid: string): Promise<number>;
}

/** `level/index`, the key of LogWriter.nodes and LogReader.nodes. */
export function nodeKey(level: number, index: number): string {
  return `${level}/${index}`;
}
