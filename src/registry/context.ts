import type { RegistryRepository } from "../db/repository.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { ProofChecks } from "./publishers/proof-checks.js";
import type { ReadmeRenderer } from "./readme/readme-renderer.js";

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
}
