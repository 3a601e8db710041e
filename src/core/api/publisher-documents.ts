import type { PublisherBadge } from "./documents.js";
import type { ProofMethod } from "../publishers/domain.js";

// The documents of the publisher-facing domain routes (docs/http-api.md "Verified publishers"), typed
// once: src/registry/publishers builds them, the CLI's `publisher verify` reads them.

/** One domain a publisher asked to prove, with what to publish where. */
export interface PublisherDomainDocument {
  domain: string;
  status: "pending" | "verified";
  requestedAt: string;
  /** How it was proven, once verified. */
  method?: ProofMethod;
  verifiedAt?: string;
  /** The challenge, and where each method expects it (shown to the owner only). */
  challenge: string;
  proof: {
    http: { url: string; body: string };
    dns: { name: string; type: "TXT"; value: string };
  };
}

/** `GET /v1/publisher`: the token's publisher, its badge and its domains. */
export interface PublisherDocument {
  publisher: string;
  publisherBadge: PublisherBadge;
  domains: PublisherDomainDocument[];
}
