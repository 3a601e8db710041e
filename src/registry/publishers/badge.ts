import type { RegistryTx } from "../../db/registry-tx.js";
import type { RegistryDeps } from "../context.js";
import { qualityFields } from "../quality.js";

/**
 * Changes a publisher's badge and rewrites the documents of every connector it owns, in the caller's
 * transaction: the badge a document or listing shows is never half-updated. `updatedAt` stays as it is
 * (a badge is not a release); the quality score is taken again with the rest.
 */
export async function rewriteBadge(
  tx: RegistryTx,
  deps: Pick<RegistryDeps, "publicUrl" | "now">,
  publisherId: number,
  patch: { verifiedDomains?: string[]; unclaimed?: boolean },
): Promise<number> {
  await tx.updatePublisher(publisherId, patch);
  const names = await tx.publisherConnectorNames(publisherId);
  for (const name of names) {
    const state = await tx.loadConnector(name);
    if (state) await tx.updateConnector(state.id, await qualityFields(tx, deps, state));
  }
  return names.length;
}
