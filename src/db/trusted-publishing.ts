import type { TrustedPublisherDocument } from "../core/api/trusted-publisher-documents.js";

// Trusted publishing's data (docs/publishers.md "Trusted publishing"): the bindings of connectors to CI
// identities, the CI token ids already exchanged, and the short-lived publish tokens the exchange issues.
// One implementation serves SQLite and PostgreSQL: drizzle/drizzle-trusted.ts.

/** A connector's binding (existing or pending) to a CI identity: the API's document plus the publisher id. */
export interface TrustedPublisherRow extends Omit<TrustedPublisherDocument, "pending"> {
  publisherId: number;
}

export type NewTrustedPublisher = Omit<TrustedPublisherRow, "id" | "publisher" | "repositoryOwnerId">;

/** The publisher and connector an exchanged publish token acts for, and what built it. */
export interface ExchangedTokenOwner {
  publisherId: number;
  publisher: string;
  connector: string;
  /** JSON BuildProvenance. */
  provenance: string;
  expiresAt: string;
}

export interface TrustedPublishingStore {
  /** Adds a binding; throws ConnectoryError `db.conflict` (409) when the same binding exists. */
  add(input: NewTrustedPublisher): Promise<TrustedPublisherRow>;
  /** Bindings of one connector, or of one publisher's connectors (pending ones included), by id. */
  list(filter: { connector?: string; publisherId?: number }): Promise<TrustedPublisherRow[]>;
  /** Removes one binding; the row removed, or undefined when there was none. */
  remove(id: number): Promise<TrustedPublisherRow | undefined>;
  /** Records the repository owner id a binding's first token showed (set once; later tokens must match). */
  setRepositoryOwnerId(id: number, ownerId: string): Promise<void>;
  /**
   * Remembers a CI token id until it expires; false when it was seen already (a replay). Forgets ids
   * that expired before `now` on the way.
   */
  claimJti(input: { issuer: string; jti: string; expiresAt: string; now: string }): Promise<boolean>;
  /** Stores an exchanged publish token by its hash; expired ones are forgotten on the way. */
  createToken(input: ExchangedTokenOwner & { hash: string; createdAt: string }): Promise<void>;
  /** The owner of an unexpired exchanged token. */
  findToken(hash: string, now: string): Promise<ExchangedTokenOwner | undefined>;
}

/** A stored binding row as TrustedPublisherRow: the stored "" of "any environment" becomes null. */
export function fromBindingRow<T extends { environment: string }>(
  row: T,
): Omit<T, "environment"> & { environment: string | null } {
  return { ...row, environment: row.environment === "" ? null : row.environment };
}
