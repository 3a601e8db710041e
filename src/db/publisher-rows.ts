import type { ProofMethod } from "../core/publishers/domain.js";

// What the data layer stores about publishers and their publish tokens (RegistryRepository).

export interface PublisherRow {
  id: number;
  name: string;
  createdAt: string;
}

/** A publisher with what its badge says (docs/publishers.md). */
export interface PublisherRecord extends PublisherRow {
  /** The domains it proved, in the order proven. */
  verifiedDomains: string[];
  /** Created by the importer from another registry's namespace and not yet claimed. */
  unclaimed: boolean;
  /** The upstream namespace the importer created it for; null for a publisher a person created. */
  upstreamNamespace: string | null;
}

/** A domain a publisher asks to prove, and the challenge it must show (RegistryRepository.addDomainChallenge). */
export interface DomainChallenge {
  publisherId: number;
  domain: string;
  challenge: string;
  requestedAt: string;
}

/** How and when a requested domain was proven (RegistryTx.markDomainVerified). */
export interface DomainVerification {
  publisherId: number;
  domain: string;
  method: ProofMethod;
  verifiedAt: string;
}

/** One domain a publisher asked to prove: its challenge, and how and when it was proven. */
export interface DomainProofRow {
  publisherId: number;
  publisher: string;
  domain: string;
  challenge: string;
  requestedAt: string;
  method: ProofMethod | null;
  verifiedAt: string | null;
}

export interface TokenRow {
  id: number;
  publisher: string;
  /** The first characters of the token (`cty_AbCd1234`), enough to recognise it; never the secret. */
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** The publisher a valid (unrevoked) token acts for. */
export interface TokenOwner {
  tokenId: number;
  publisherId: number;
  publisher: string;
}

/** A publish token as `createToken` stores it: only the hash and a display prefix, never the token. */
export interface NewToken {
  publisherId: number;
  hash: string;
  prefix: string;
  label: string | null;
  createdAt: string;
}
