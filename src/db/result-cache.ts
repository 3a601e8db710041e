/** How many built answers (RegistryRepository.whileUnchanged: serialized pages, tens of KiB each) are kept. */
export const BUILT_MAX = 256;

/**
 * Query results kept while the database stays the same (issue 29: a common word's ranking off the hot
 * path), for both databases: keyed by the query, valid while `version()` returns what it returned before
 * they were computed. SQLite's is `PRAGMA data_version` of the read connection (it moves with every commit
 * of another connection: this process's writer or another process); PostgreSQL's is the database's own
 * change counter (the one row of `change_counter`, migration 0012: it moves when a transaction of any process
 * that changed what reads show commits; other databases of the server, rate limits, leases and logs leave
 * it alone). A new version empties the cache. At most `max` entries, the least recently used go first. Callers get the kept value itself: an
 * array result and its rows are frozen, so a caller that would change one fails loudly instead of
 * changing what the next caller gets.
 */
export class ResultCache {
  private readonly kept = new Map<string, unknown>();
  private seen: unknown;
  hits = 0;
  misses = 0;

  constructor(
    private readonly version: () => unknown,
    private readonly max = 1000,
  ) {}

  /** The value kept for `key`, or `compute()`'s (kept for next time). */
  async get<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    const now = await this.version();
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
    const value = await compute();
    if (Array.isArray(value)) for (const row of value) Object.freeze(row);
    Object.freeze(value);
    // Computed after `now` was read, so at least that fresh; kept only if no newer version was seen
    // meanwhile (a concurrent request's), which this value might predate.
    if (this.seen === now) {
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, value);
    }
    return value;
  }
}
