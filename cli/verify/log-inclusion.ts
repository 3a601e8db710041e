import { publicKeyFromRaw } from "../../src/core/signing/keys.js";
import { signedStatement } from "../../src/core/signing/statement.js";
import { checkpointSignedBy, parseCheckpoint, type Checkpoint } from "../../src/core/tlog/checkpoint.js";
import { equalHash, leafHash, verifyConsistency, verifyInclusion } from "../../src/core/tlog/merkle.js";
import type { MarketplaceTrust } from "../home/signing-trust-store.js";
import type { RegistryClient } from "../registry/registry-client.js";
import { signatureError } from "./signature-error.js";
import type { SignedRelease } from "./verify-statement.js";

/**
 * Fetches the marketplace's newest checkpoint, checks it is signed by a pinned key and consistent with the
 * newest one remembered (a rewritten or forked history stops every install: the remembered checkpoint
 * does not move), and sets it on `trust` (saveTrust stores it). Returns the verified checkpoint.
 */
export async function currentCheckpoint(
  client: RegistryClient,
  name: string,
  trust: MarketplaceTrust,
  label: string,
): Promise<Checkpoint> {
  const parsed = parseCheckpoint(await client.checkpoint());
  if (!parsed.checkpoint)
    throw signatureError("log-checkpoint", label, `its log checkpoint is unreadable: ${parsed.problem}`);
  const cp = parsed.checkpoint;
  const full = { checkpoint: cp, body: parsed.body!, signatures: parsed.signatures! };
  const signed = trust.keys.some(
    (k) =>
      !k.revokedAt &&
      checkpointSignedBy(full, publicKeyFromRaw(k.publicKey), Buffer.from(k.publicKey, "base64")),
  );
  if (!signed || (trust.logOrigin !== undefined && cp.origin !== trust.logOrigin))
    throw signatureError(
      "log-checkpoint",
      label,
      `the log checkpoint (${cp.origin}, size ${cp.size}) is not signed by a pinned key of ${name}`,
    );
  const prev = trust.checkpoint;
  if (prev) {
    const prevRoot = Buffer.from(prev.root, "base64");
    const inconsistent = (why: string) =>
      signatureError(
        "log-inconsistent",
        label,
        `the log of ${name} ${why} (remembered size ${prev.size}, now ${cp.size})`,
      );
    if (cp.size < prev.size) throw inconsistent("went back to an older tree");
    if (cp.size === prev.size && !equalHash(cp.root, prevRoot))
      throw inconsistent("has another root for the same size");
    if (cp.size > prev.size) {
      const proof = readProof(await client.logProof("consistency", { from: prev.size, to: cp.size }));
      if (!proof || !verifyConsistency(prev.size, cp.size, prevRoot, cp.root, proof))
        throw inconsistent("does not extend the history seen before");
    }
  }
  if (!prev || cp.size > prev.size) {
    // Remembered by saveTrust once the command succeeds.
    trust.checkpoint = { size: cp.size, root: Buffer.from(cp.root).toString("base64"), note: parsed.body! };
  }
  return cp;
}

/** Checks that a verified statement is in the log under the verified checkpoint (`install.signature.log-proof`). */
export async function verifyInclusionIn(
  client: RegistryClient,
  checkpoint: Checkpoint,
  release: SignedRelease,
  label: string,
): Promise<void> {
  const index = release.log?.index;
  if (index === undefined)
    throw signatureError("log-proof", label, "the registry gave no log position for it");
  if (index >= checkpoint.size)
    throw signatureError(
      "log-proof",
      label,
      `its log position ${index} is beyond the checkpoint (size ${checkpoint.size})`,
    );
  const proof = readProof(await client.logProof("inclusion", { index, size: checkpoint.size }));
  const leaf = leafHash(signedStatement(release.statement));
  if (!proof || !verifyInclusion(index, checkpoint.size, leaf, proof, checkpoint.root))
    throw signatureError("log-proof", label, `the log's proof does not include it at position ${index}`);
}

function readProof(body: unknown): Uint8Array[] | undefined {
  const proof = typeof body === "object" && body !== null ? (body as { proof?: unknown }).proof : undefined;
  if (!Array.isArray(proof) || proof.length > 64 || !proof.every((h) => typeof h === "string"))
    return undefined;
  const hashes = (proof as string[]).map((h) => Buffer.from(h, "base64"));
  return hashes.every((h) => h.length === 32) ? hashes : undefined;
}
