/**
 * Query results kept while the database stays the same (issue 29: a common word's bm25 ranking off the
 * hot path): keyed by the query, valid while `counter()` (PRAGMA data_version of the read connection,
 * which moves with every commit of another connection — this process's writer or another process)
 * returns what it returned when they were kept; any commit empties it. At most `max` entries, the least
 * recently used go first. Callers get the kept value itself: an array result and its rows are frozen, so
 * a caller that would change one fails loudly instead of changing what the next caller gets.
 */
export class ResultCache {
  private readonly kept = new Map<string, unknown>();
  private seen: number | undefined;
  hits = 0;
  misses = 0;

  constructor(
    private readonly counter: () => number,
    private readonly max = 1000,
  ) {}

  /** The value kept for `key`, or `compute()`'s (kept for next time). */
  get<T>(key: string, compute: () => T): T {
    const now = this.counter();
    if (now !== this.seen) {
      this.kept.clear();
      this.seen = now;
    }
    if (this.kept.has(key)) {
      const value = this.kept.get(key) as T;
      this.kept.delete(key); // most recently used last
      this.kept.set(key, value);
      this.hits++;
      return value;
    }
    this.misses++;
    const value = compute();
    if (Array.isArray(value)) for (const row of value) Object.freeze(row);
    Object.freeze(value);
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, value);
    return value;
  }
}
