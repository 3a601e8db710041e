import { ConnectoryError } from "../../core/errors.js";
import { consistencyProof, inclusionProof, nodesNeeded, type NodeReader } from "../../core/tlog/merkle.js";
import type { LogReader } from "../../db/signing-store.js";
import { nodeKey } from "../../db/signing-store.js";
import type { RegistryDeps } from "../context.js";

// The log's read side (docs/http-api.md, "Transparency log"): the newest checkpoint, and inclusion and
// consistency proofs against any published tree size. Proof hashes are base64, as in the checkpoint.

export interface InclusionProofDocument {
  index: number;
  size: number;
  /** base64 hashes, leaf to root. */
  proof: string[];
}

export interface ConsistencyProofDocument {
  from: number;
  to: number;
  proof: string[];
}

/** The signed note of the newest checkpoint (404 `log.empty` before the first publish). */
export async function latestCheckpoint(deps: RegistryDeps): Promise<string> {
  const row = await deps.repo.log.latestCheckpoint();
  if (!row)
    throw new ConnectoryError("log.empty", "the transparency log has no entries yet", { status: 404 });
  return row.note;
}

/** A published checkpoint of exactly `size` leaves (404 `log.checkpoint.unknown` otherwise). */
export async function checkpointAt(deps: RegistryDeps, size: number): Promise<string> {
  const row = await deps.repo.log.checkpoint(size);
  if (!row)
    throw new ConnectoryError("log.checkpoint.unknown", `no checkpoint of size ${size} was published`, {
      status: 404,
    });
  return row.note;
}

export async function inclusion(
  deps: RegistryDeps,
  index: number,
  size: number,
): Promise<InclusionProofDocument> {
  await requireSize(deps.repo.log, size);
  if (index >= size)
    throw new ConnectoryError("log.proof.range", `leaf ${index} is not in a tree of ${size}`, {
      hint: "ask with an index below size",
    });
  const proof = await withNodes(deps.repo.log, (read) => inclusionProof(index, size, read));
  return { index, size, proof };
}

export async function consistency(
  deps: RegistryDeps,
  from: number,
  to: number,
): Promise<ConsistencyProofDocument> {
  await requireSize(deps.repo.log, to);
  if (from > to || from < 1)
    throw new ConnectoryError("log.proof.range", `no consistency proof from ${from} to ${to}`, {
      hint: "ask with 1 <= from <= to",
    });
  const proof = await withNodes(deps.repo.log, (read) => consistencyProof(from, to, read));
  return { from, to, proof };
}

/** Runs a proof over the stored subtrees it needs, read in one query. */
async function withNodes(log: LogReader, compute: (read: NodeReader) => Uint8Array[]): Promise<string[]> {
  const stored = await log.nodes(nodesNeeded(compute));
  return compute((level, index) => {
    const hex = stored.get(nodeKey(level, index));
    if (hex === undefined) throw new Error(`the transparency log lacks node ${level}/${index}`);
    return Buffer.from(hex, "hex");
  }).map((h) => Buffer.from(h).toString("base64"));
}

async function requireSize(log: LogReader, size: number): Promise<void> {
  // Only sizes the registry signed a checkpoint for: proofs against anything else prove nothing.
  if (!(await log.checkpoint(size)))
    throw new ConnectoryError("log.checkpoint.unknown", `no checkpoint of size ${size} was published`, {
      status: 404,
      hint: "ask for a size from GET /v1/log/checkpoint",
    });
}
