import type { RegistryRepository } from "../db/repository.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { IssuerKeys } from "./oidc/issuer-keys.js";
import type { ProofChecks } from "./publishers/proof-checks.js";
import type { ReadmeRenderer } from "./readme/readme-renderer.js";
import type { RegistrySigner } from "./signing/signer.js";

/** What every registry service works with. */
export interface RegistryDeps {
  repo: RegistryRepository;
  blobs: BlobStore;
  /** Base of absolute URLs in documents, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  now: () => Date;
  /** Renders READMEs off the event loop (src/registry/readme/). */
  readme: ReadmeRenderer;
  /** How domain proofs are looked for (src/registry/publishers/); default HTTPS and the system resolver. */
  proofs?: ProofChecks;
  /** Trusted publishing: the issuers trusted (OIDC_ISSUERS) and their cached keys (src/registry/oidc/). */
  oidc: { issuers: readonly string[]; keys: IssuerKeys };

  /**
   * The key every accepted version and checkpoint is signed with, and the transparency log's origin
   * (set at readiness: src/registry/signing/prepare-signing.ts).
   */
  signing: { signer: RegistrySigner; origin: string };
  /** Where the registry tells its operator what it is doing at length (a start-up rebuild); default nowhere. */
  notice?: (message: string) => void;
  /** Aborted when the process is asked to stop: a start-up rebuild stops between connectors. */
  stopping?: AbortSignal;
}
