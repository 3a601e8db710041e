import { publicKeyFromRaw } from "../../core/signing/keys.js";
import { checkpointSignedBy, parseCheckpoint } from "../../core/tlog/checkpoint.js";
import { frontierAppend, frontierRoot, leafHash, rootHash, type Frontier } from "../../core/tlog/merkle.js";
import type { RegistryRepository } from "../../db/repository.js";
import { nodeKey } from "../../db/signing-store.js";
import { nodesNeeded } from "../../core/tlog/merkle.js";

/** What `connectory-registry log verify` found. */
export interface LogReport {
  size: number;
  checkpoints: number;
  /** Every disagreement, in log order; empty when the log is sound. */
  problems: string[];
}

const BATCH = 5000;

/**
 * Recomputes the transparency log from the database in one pass: every leaf's hash from its data, every
 * published checkpoint's root at its size and its signature by a registered key, and the stored subtrees
 * the proofs are served from against the recomputed root of the newest checkpoint.
 */
export async function verifyLog(repo: RegistryRepository): Promise<LogReport> {
  const problems: string[] = [];
  const checkpoints = await repo.log.checkpoints();
  const keys = await repo.keys.list();
  const bySize = new Map(checkpoints.map((c) => [c.size, c]));
  const size = checkpoints.at(-1)?.size ?? 0;
  let frontier: Frontier = [];
  for (let from = 0; from < size; from += BATCH) {
    const leaves = await repo.log.leaves(from, Math.min(size, from + BATCH));
    for (const leaf of leaves) {
      const i = from + leaves.indexOf(leaf);
      if (leaf.index !== i) {
        problems.push(`leaf ${i} is missing`);
        return { size, checkpoints: checkpoints.length, problems };
      }
      const hash = leafHash(new TextEncoder().encode(leaf.data));
      if (Buffer.from(hash).toString("hex") !== leaf.hash)
        problems.push(`leaf ${i}: its stored hash is not the hash of its data`);
      frontier = frontierAppend(frontier, hash);
      const cp = bySize.get(i + 1);
      if (!cp) continue;
      if (Buffer.from(frontierRoot(frontier)).toString("hex") !== cp.root)
        problems.push(`checkpoint ${cp.size}: its root is not the root of the stored leaves`);
      const parsed = parseCheckpoint(cp.note);
      const full = parsed.checkpoint
        ? { checkpoint: parsed.checkpoint, body: parsed.body!, signatures: parsed.signatures! }
        : undefined;
      if (
        !full ||
        Buffer.from(full.checkpoint.root).toString("hex") !== cp.root ||
        full.checkpoint.size !== cp.size
      )
        problems.push(`checkpoint ${cp.size}: its note does not state its size and root`);
      else if (
        !keys.some((k) =>
          checkpointSignedBy(full, publicKeyFromRaw(k.publicKey), Buffer.from(k.publicKey, "base64")),
        )
      )
        problems.push(`checkpoint ${cp.size}: no registered key signed it`);
    }
  }
  if (size > 0) {
    const wanted = nodesNeeded((read) => rootHash(size, read));
    const stored = await repo.log.nodes(wanted);
    try {
      const root = rootHash(size, (level, index) =>
        Buffer.from(stored.get(nodeKey(level, index)) ?? "", "hex"),
      );
      if (Buffer.from(root).toString("hex") !== checkpoints.at(-1)!.root)
        problems.push(
          `the stored subtrees proofs are served from do not give the root of checkpoint ${size}`,
        );
    } catch {
      problems.push("the stored subtrees proofs are served from are incomplete");
    }
  }
  return { size, checkpoints: checkpoints.length, problems };
}
