import { completedNodes, leafHash, nodesNeeded, rootHash, type NodeReader } from "../../core/tlog/merkle.js";
import { signCheckpoint } from "../../core/tlog/checkpoint.js";
import type { RegistryTx } from "../../db/registry-tx.js";
import { nodeKey } from "../../db/signing-store.js";
import type { RegistrySigner } from "../signing/signer.js";

// Appends to the transparency log inside the caller's transaction: the lock makes every process append
// one batch at a time, so leaf indexes follow commit order, and a rolled-back publish leaves no leaf
// behind. A batch (a publish's one statement, the start-up backfill's many) reads the stored subtrees once,
// writes its leaves and subtrees in one statement each and signs one checkpoint, at the batch's end: a
// leaf inside a batch is proved under that checkpoint, like every leaf under any later one.

/** The log's origin line: fixed at the first append (a later PUBLIC_URL does not fork the log). */
export function originFor(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, "")}/connectory-log`;
}

interface AppendInput {
  signer: RegistrySigner;
  origin: string;
  now: string;
}

/** Appends `data` as the next leaf, stores the subtrees it completes and a signed checkpoint; its index. */
export async function appendToLog(
  tx: RegistryTx,
  input: AppendInput & { data: Uint8Array },
): Promise<number> {
  const [index] = await appendBatchToLog(tx, { ...input, entries: [input.data] });
  return index!;
}

/**
 * Appends `entries` as consecutive leaves with one signed checkpoint for the whole batch; their indexes.
 * An empty batch appends nothing and signs nothing.
 */
export async function appendBatchToLog(
  tx: RegistryTx,
  input: AppendInput & { entries: readonly Uint8Array[] },
): Promise<number[]> {
  if (input.entries.length === 0) return [];
  const start = await tx.log.lockedSize();
  // The subtrees of the tree as it stands (its frontier): every left sibling the batch's leaves need that
  // the batch does not complete itself.
  const known = await tx.log.nodes(nodesNeeded((read) => rootHash(start, read)));
  const read: NodeReader = (level, i) => {
    const hex = known.get(nodeKey(level, i));
    if (hex === undefined)
      throw new Error(
        `the transparency log lacks node ${level}/${i}; run \`connectory-registry log verify\``,
      );
    return Buffer.from(hex, "hex");
  };
  const leaves: Array<{ index: number; data: string; hash: string; createdAt: string }> = [];
  const fresh: Array<{ level: number; index: number; hash: string }> = [];
  const decoder = new TextDecoder();
  input.entries.forEach((data, n) => {
    const index = start + n;
    const leaf = leafHash(data);
    leaves.push({ index, data: decoder.decode(data), hash: hex(leaf), createdAt: input.now });
    for (const node of completedNodes(index, leaf, read)) {
      known.set(nodeKey(node.level, node.index), hex(node.hash));
      fresh.push({ level: node.level, index: node.index, hash: hex(node.hash) });
    }
  });
  const size = start + input.entries.length;
  const root = rootHash(size, read);
  const note = signCheckpoint(
    { origin: input.origin, size, root },
    input.signer.privateKey,
    Buffer.from(input.signer.publicKey, "base64"),
  );
  await tx.log.append(leaves, fresh, { size, root: hex(root), note, createdAt: input.now });
  return leaves.map((l) => l.index);
}

function hex(h: Uint8Array): string {
  return Buffer.from(h).toString("hex");
}
