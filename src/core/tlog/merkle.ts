import { createHash } from "node:crypto";

// RFC 6962 (as restated in RFC 9162 §2.1) Merkle tree hashing, proofs and their verification. Pure: the
// registry keeps the hashes of complete subtrees (level, index) in its database and hands a `NodeReader`
// to these functions; the CLI only verifies. Hashes are 32-byte Uint8Arrays.

export type Hash = Uint8Array;

/** The hash of the complete subtree at `level` (0: a leaf) and `index` (its position on that level). */
export type NodeReader = (level: number, index: number) => Hash;

/** MTH({d}) = SHA-256(0x00 || d). */
export function leafHash(data: Uint8Array): Hash {
  return createHash("sha256").update(Uint8Array.of(0)).update(data).digest();
}

/** The hash of an interior node: SHA-256(0x01 || left || right). */
export function nodeHash(left: Hash, right: Hash): Hash {
  return createHash("sha256").update(Uint8Array.of(1)).update(left).update(right).digest();
}

/** MTH({}) = SHA-256(""): the root of an empty tree. */
export const EMPTY_ROOT: Hash = createHash("sha256").digest();

/** The largest power of two smaller than n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[start:end]), read from complete subtrees: every range the RFC's recursions ask for is aligned. */
export function rangeHash(start: number, end: number, node: NodeReader): Hash {
  const n = end - start;
  if (n === 0) return EMPTY_ROOT;
  if ((n & (n - 1)) === 0 && start % n === 0) return node(Math.log2(n), start / n);
  const k = split(n);
  return nodeHash(rangeHash(start, start + k, node), rangeHash(start + k, end, node));
}

/** The root of a tree of `size` leaves. */
export function rootHash(size: number, node: NodeReader): Hash {
  return rangeHash(0, size, node);
}

/** PATH(m, D[start:end]): the audit path of leaf `index` in a tree of `size` (RFC 6962 §2.1.1). */
export function inclusionProof(index: number, size: number, node: NodeReader): Hash[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path = (m: number, start: number, end: number): Hash[] => {
    const n = end - start;
    if (n === 1) return [];
    const k = split(n);
    return m < k
      ? [...path(m, start, start + k), rangeHash(start + k, end, node)]
      : [...path(m - k, start + k, end), rangeHash(start, start + k, node)];
  };
  return path(index, 0, size);
}

/** PROOF(m, D[n]): the consistency proof between trees of `first` and `second` leaves (RFC 6962 §2.1.2). */
export function consistencyProof(first: number, second: number, node: NodeReader): Hash[] {
  if (!(first >= 0 && first <= second))
    throw new RangeError(`no consistency proof from ${first} to ${second}`);
  if (first === 0 || first === second) return [];
  const subproof = (m: number, start: number, end: number, whole: boolean): Hash[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [rangeHash(start, end, node)];
    const k = split(n);
    return m <= k
      ? [...subproof(m, start, start + k, whole), rangeHash(start + k, end, node)]
      : [...subproof(m - k, start + k, end, false), rangeHash(start, start + k, node)];
  };
  return subproof(first, 0, second, true);
}

/** The (level, index) of every complete subtree a proof or root reads: to fetch them in one query. */
export function nodesNeeded(compute: (node: NodeReader) => unknown): Array<[number, number]> {
  const seen: Array<[number, number]> = [];
  compute((level, index) => {
    seen.push([level, index]);
    return EMPTY_ROOT;
  });
  return seen;
}

/** RFC 9162's "right-shift fn and sn equally until LSB(fn) is set or fn is 0", in both verifiers. */
function shiftPastZeros(fn: number, sn: number): [number, number] {
  while (fn % 2 === 0 && fn !== 0) {
    fn >>>= 1;
    sn >>>= 1;
  }
  return [fn, sn];
}

/** Verifies an inclusion proof (RFC 9162 §2.1.3.2). */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: Hash[], root: Hash): boolean {
  if (!(index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) [fn, sn] = shiftPastZeros(fn, sn);
    } else {
      r = nodeHash(r, p);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && equalHash(r, root);
}

/** Verifies a consistency proof between two roots (RFC 9162 §2.1.4.2). */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Hash,
  secondRoot: Hash,
  proof: Hash[],
): boolean {
  if (first > second || first < 0) return false;
  if (first === second) return proof.length === 0 && equalHash(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn >>>= 1;
    sn >>>= 1;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) [fn, sn] = shiftPastZeros(fn, sn);
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && equalHash(fr, firstRoot) && equalHash(sr, secondRoot);
}

/**
 * The complete subtrees a new leaf at `index` completes, bottom up: the leaf itself (level 0), then each
 * parent whose right child it finishes. `node` reads the left siblings, already stored.
 */
export function completedNodes(
  index: number,
  leaf: Hash,
  node: NodeReader,
): Array<{ level: number; index: number; hash: Hash }> {
  const out = [{ level: 0, index, hash: leaf }];
  let level = 0;
  let i = index;
  let hash = leaf;
  while (i % 2 === 1) {
    hash = nodeHash(node(level, i - 1), hash);
    level += 1;
    i = (i - 1) / 2;
    out.push({ level, index: i, hash });
  }
  return out;
}

/** Constant-time-enough equality for public hashes. */
export function equalHash(a: Hash, b: Hash): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The hashes of the complete subtrees of a tree, left to right, largest first (a compact range). */
export type Frontier = Array<{ level: number; hash: Hash }>;

/** Appends a leaf hash to a frontier (O(log n)): how `log verify` recomputes a whole tree in one pass. */
export function frontierAppend(frontier: Frontier, leaf: Hash): Frontier {
  const out = [...frontier, { level: 0, hash: leaf }];
  while (out.length >= 2 && out[out.length - 1]!.level === out[out.length - 2]!.level) {
    const right = out.pop()!;
    const left = out.pop()!;
    out.push({ level: left.level + 1, hash: nodeHash(left.hash, right.hash) });
  }
  return out;
}

/** The root of the tree a frontier describes. */
export function frontierRoot(frontier: Frontier): Hash {
  if (frontier.length === 0) return EMPTY_ROOT;
  let hash = frontier[frontier.length - 1]!.hash;
  for (let i = frontier.length - 2; i >= 0; i--) hash = nodeHash(frontier[i]!.hash, hash);
  return hash;
}
