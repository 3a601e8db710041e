import semver from "semver";
import type { VersionContent } from "../../core/api/documents.js";
import { manifestDigest } from "../../core/signing/statement.js";
import type { RegistryDeps } from "../context.js";
import { versionDocument } from "../documents.js";
import { qualityFields } from "../quality.js";
import { appendBatchToLog } from "../tlog/append.js";
import { signVersion } from "./signer.js";

/**
 * Signs and logs the versions published before registry signatures existed (or loaded in bulk), once, at
 * start-up: one transaction per connector, versions in semver order. Afterwards every version verifies.
 * Returns how many versions it signed.
 */
export async function backfillSignatures(deps: RegistryDeps): Promise<number> {
  if ((await deps.repo.log.unsignedCount()) === 0) return 0;
  let signed = 0;
  for (const name of await deps.repo.log.unsignedConnectors()) {
    signed += await deps.repo.transaction(async (tx) => {
      const state = await tx.loadConnector(name);
      if (!state) return 0;
      const unsigned = state.versions
        .filter((v) => !v.statement)
        .sort((a, b) => semver.compare(a.version, b.version));
      const now = deps.now().toISOString();
      const signed = unsigned.map((v) => {
        const content = JSON.parse(v.content) as VersionContent;
        return signVersion(deps.signing.signer, {
          name: state.name,
          version: v.version,
          publisher: state.publisher,
          integrity: v.integrity,
          sha256: v.sha256,
          size: v.size,
          manifestDigest: manifestDigest(content.manifest),
          publishedAt: v.publishedAt,
        });
      });
      // One log batch per connector: one checkpoint, not one per version.
      const indexes = await appendBatchToLog(tx, {
        entries: signed.map((s) => s.bytes),
        ...deps.signing,
        now,
      });
      for (const [n, v] of unsigned.entries()) {
        v.statement = signed[n]!.statement;
        v.signatures = signed[n]!.signatures;
        v.logIndex = indexes[n]!;
        const columns = { statement: v.statement, signatures: v.signatures, logIndex: v.logIndex };
        await tx.log.signVersion(
          state.id,
          v.version,
          columns,
          versionDocument(state.name, state.publisher, v, deps.publicUrl),
        );
      }
      if (unsigned.length > 0) await tx.updateConnector(state.id, await qualityFields(tx, deps, state));
      return unsigned.length;
    });
  }
  return signed;
}
