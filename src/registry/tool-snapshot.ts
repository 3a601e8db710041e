import type { VersionStatement } from "../core/signing/statement.js";
import type { ToolSnapshot } from "../core/tools/snapshot.js";
import type { RegistryDeps } from "./context.js";
import { versionDocument } from "./documents.js";
import { findVersion } from "./manage.js";
import { qualityFields } from "./quality.js";
import { signVersion } from "./signing/signer.js";
import { appendToLog } from "./tlog/append.js";

/**
 * Records the tool snapshot the registry took of a version (src/registry/checks/) and signs it with the
 * version: the version's statement is signed again with `toolSnapshotDigest` and appended to the
 * transparency log as a new leaf (the first statement stays in the log), and the version and connector
 * documents carry the new statement, in one transaction. A version
 * keeps its first snapshot: a later check does not replace what clients pinned against.
 */
export async function recordToolSnapshot(
  deps: RegistryDeps,
  input: { name: string; version: string; snapshot: ToolSnapshot },
): Promise<boolean> {
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(input.name);
    if (!state) return false;
    const record = findVersion(state, input.version);
    if (record.toolSnapshot) return false;
    const next = { ...record, toolSnapshot: JSON.stringify(input.snapshot) };
    let resigned: { statement: string; signatures: string; logIndex: number } | undefined;
    if (record.statement) {
      const { _type: _drop, ...fields } = JSON.parse(record.statement) as VersionStatement;
      void _drop;
      const signed = signVersion(deps.signing.signer, {
        ...fields,
        toolSnapshotDigest: input.snapshot.digest,
      });
      const now = deps.now().toISOString();
      const logIndex = await appendToLog(tx, { data: signed.bytes, ...deps.signing, now });
      resigned = { statement: signed.statement, signatures: signed.signatures, logIndex };
      Object.assign(next, resigned);
    }
    await tx.updateVersion(state.id, input.version, {
      yanked: next.yanked,
      deprecated: next.deprecated,
      toolSnapshot: next.toolSnapshot,
      ...(resigned ? { resigned } : {}),
      document: versionDocument(state.name, state.publisher, next, deps.publicUrl),
    });
    // The connector document carries each version's dist too: the re-signed statement must reach
    // `install`, which resolves from it (a stale one would verify, but without the snapshot's digest).
    const after = { ...state, versions: state.versions.map((v) => (v.version === input.version ? next : v)) };
    await tx.updateConnector(state.id, await qualityFields(tx, deps, after));
    return true;
  });
}
