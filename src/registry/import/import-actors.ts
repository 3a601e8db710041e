import type { RegistryRepository } from "../../db/repository.js";
import type { Publisher } from "../tokens.js";

/**
 * The publishers an import (or a mirror pass) acts as, for the registry's services directly: no token is
 * minted. A publisher the import creates is the upstream namespace's, not a person's: shown as unclaimed
 * until an operator hands it to its owner (`connectory-registry publisher claim`).
 */
export interface ImportActors {
  /** The publisher `publisher`, created on first use (with the upstream namespace it stands for). */
  actorFor(publisher: string, namespace: string): Promise<Publisher>;
}

export function importActors(repo: RegistryRepository, now: () => Date): ImportActors {
  const actors = new Map<string, Publisher>();
  return {
    async actorFor(publisher, namespace) {
      const known = actors.get(publisher);
      if (known) return known;
      const row = await repo.ensurePublisher(publisher, now().toISOString(), {
        unclaimed: true,
        upstreamNamespace: namespace,
      });
      // tokenId 0: acting without a token, as an exchanged token's publisher does (src/registry/tokens.ts).
      const actor: Publisher = { tokenId: 0, publisherId: row.id, publisher: row.name };
      actors.set(publisher, actor);
      return actor;
    },
  };
}
