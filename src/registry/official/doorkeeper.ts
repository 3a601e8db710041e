/**
 * Which keys were asked for before, approximately: a fixed table of 32-bit key hashes, one slot per hash's
 * low bits, so marking a key allocates nothing. A cache asks it before keeping a value, and keeps only what
 * is asked for a second time (the doorkeeper of TinyLFU). A key is forgotten when another takes its slot, and
 * two keys with the same hash pass for one: either way a value is only kept, or not, as a cache may do.
 *
 * Why (issue 29): the official listing's built entries and outlines (entries.ts, up to 4,096 each) were
 * kept on first build. Under first-asked searches at 100,000 connectors every page put 30 new object trees
 * there, each living long enough to be promoted to the old generation and die there. 300 such /v0.1 pages on SQLite promoted
 * 29–31 MB with 129–170 ms of young-generation pauses; entries kept from the second build on, 19–24 MB
 * and 86–106 ms. The outlines too: registry CPU per such page 6.05 → 5.38 ms (architecture.md).
 */
export class Doorkeeper {
  private readonly slots: Uint32Array;

  /** `bits`: the table holds 2^bits hashes (4 bytes each). */
  constructor(bits = 16) {
    this.slots = new Uint32Array(1 << bits);
  }

  /** Whether `key` was seen before (as far as the table remembers); it is marked seen either way. */
  seenBefore(key: string): boolean {
    const hash = fnv1a(key);
    const slot = hash & (this.slots.length - 1);
    const tag = (hash | 1) >>> 0; // never 0, the empty slot's value; unsigned, as the table stores it
    if (this.slots[slot] === tag) return true;
    this.slots[slot] = tag;
    return false;
  }
}

/**
 * The 32-bit FNV-1a hash of a string's UTF-16 code units, its bits mixed by MurmurHash3's finalizer: FNV's
 * low bits alone (the slot) spread keys that differ in a counter poorly.
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
