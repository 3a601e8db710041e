import { describe, expect, it } from "vitest";
import {
  completedNodes,
  frontierAppend,
  frontierRoot,
  consistencyProof,
  EMPTY_ROOT,
  inclusionProof,
  leafHash,
  nodeHash,
  nodesNeeded,
  rootHash,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from "../../../src/core/tlog/merkle.js";

// The test vectors of RFC 6962's reference implementation (certificate-transparency merkle_tree_test).
const LEAVES = [
  "",
  "00",
  "10",
  "2021",
  "3031",
  "40414243",
  "5051525354555657",
  "606162636465666768696a6b6c6d6e6f",
];
const ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];
const PATH_0_OF_8 = [
  "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
  "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
  "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
];
const PATH_5_OF_8 = [
  "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
  "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
];
const CONSISTENCY_6_TO_8 = [
  "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
  "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
];
const CONSISTENCY_2_TO_5 = [
  "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
  "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
];

const hex = (h: Hash) => Buffer.from(h).toString("hex");
const leaves = LEAVES.map((l) => leafHash(Buffer.from(l, "hex")));
const node = (level: number, index: number): Hash =>
  level === 0 ? leaves[index]! : nodeHash(node(level - 1, index * 2), node(level - 1, index * 2 + 1));

describe("RFC 6962 hashing", () => {
  it("gives the reference roots for trees of 1..8 leaves, and SHA-256('') for none", () => {
    expect(ROOTS.map((_, i) => hex(rootHash(i + 1, node)))).toEqual(ROOTS);
    expect(hex(rootHash(0, node))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(EMPTY_ROOT)).toBe(hex(rootHash(0, node)));
  });

  it("gives the reference audit paths and consistency proofs", () => {
    expect(inclusionProof(0, 8, node).map(hex)).toEqual(PATH_0_OF_8);
    expect(inclusionProof(5, 8, node).map(hex)).toEqual(PATH_5_OF_8);
    expect(consistencyProof(1, 8, node).map(hex)).toEqual(PATH_0_OF_8);
    expect(consistencyProof(6, 8, node).map(hex)).toEqual(CONSISTENCY_6_TO_8);
    expect(consistencyProof(2, 5, node).map(hex)).toEqual(CONSISTENCY_2_TO_5);
  });

  it("verifies every inclusion and consistency proof of trees up to 8 leaves", () => {
    for (let n = 1; n <= 8; n++) {
      const root = rootHash(n, node);
      for (let i = 0; i < n; i++)
        expect(verifyInclusion(i, n, leaves[i]!, inclusionProof(i, n, node), root)).toBe(true);
      for (let m = 1; m <= n; m++)
        expect(verifyConsistency(m, n, rootHash(m, node), root, consistencyProof(m, n, node))).toBe(true);
    }
  });

  it("refuses a proof for another leaf, another root, a flipped bit, a short or a long path", () => {
    const proof = inclusionProof(3, 7, node);
    const root = rootHash(7, node);
    expect(verifyInclusion(3, 7, leaves[4]!, proof, root)).toBe(false);
    expect(verifyInclusion(3, 7, leaves[3]!, proof, rootHash(6, node))).toBe(false);
    expect(verifyInclusion(4, 7, leaves[3]!, proof, root)).toBe(false);
    expect(verifyInclusion(3, 4, leaves[3]!, proof, root)).toBe(false);
    expect(verifyInclusion(3, 7, leaves[3]!, proof.slice(1), root)).toBe(false);
    expect(verifyInclusion(3, 7, leaves[3]!, [...proof, leaves[0]!], root)).toBe(false);
    expect(verifyInclusion(7, 7, leaves[3]!, proof, root)).toBe(false);
    const flipped = proof.map((h) => Uint8Array.from(h));
    flipped[1]![0]! ^= 1;
    expect(verifyInclusion(3, 7, leaves[3]!, flipped, root)).toBe(false);
  });

  it("refuses a consistency proof of a rewritten history", () => {
    const forked = [...leaves];
    forked[2] = leafHash(Buffer.from("evil"));
    const forkNode = (level: number, index: number): Hash =>
      level === 0
        ? forked[index]!
        : nodeHash(forkNode(level - 1, index * 2), forkNode(level - 1, index * 2 + 1));
    const proof = consistencyProof(3, 8, forkNode);
    expect(verifyConsistency(3, 8, rootHash(3, node), rootHash(8, forkNode), proof)).toBe(false);
    expect(verifyConsistency(3, 8, rootHash(3, node), rootHash(8, node), [])).toBe(false);
    expect(verifyConsistency(5, 3, rootHash(5, node), rootHash(3, node), [])).toBe(false);
  });

  it("completes the stored subtrees leaf by leaf, so roots come from stored nodes only", () => {
    const store = new Map<string, Hash>();
    const read = (level: number, index: number) => {
      const h = store.get(`${level}/${index}`);
      if (!h) throw new Error(`node ${level}/${index} is not stored`);
      return h;
    };
    for (let i = 0; i < leaves.length; i++) {
      for (const n of completedNodes(i, leaves[i]!, read)) store.set(`${n.level}/${n.index}`, n.hash);
      expect(hex(rootHash(i + 1, read))).toBe(ROOTS[i]);
    }
    expect(store.size).toBe(15);
    expect(nodesNeeded((r) => inclusionProof(5, 8, r))).toEqual([
      [0, 4],
      [1, 3],
      [2, 0],
    ]);
  });

  it("recomputes every root in one pass over the leaves (frontier)", () => {
    let frontier = [] as ReturnType<typeof frontierAppend>;
    expect(hex(frontierRoot(frontier))).toBe(hex(EMPTY_ROOT));
    leaves.forEach((leaf, i) => {
      frontier = frontierAppend(frontier, leaf);
      expect(hex(frontierRoot(frontier))).toBe(ROOTS[i]);
    });
  });
});
