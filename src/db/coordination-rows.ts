// What registry processes coordinate through the database: rate limits, leases, a shared meta value.
// (Live-check claims: check-rows.ts.)

/** The events of one rate-limit key inside a window: how many, and when the oldest happened (ms). */
export interface RateCount {
  count: number;
  oldest?: number;
}

/** The answer to acquireLease: held by the caller now, or by whom else. */
export type LeaseResult = { held: true } | { held: false; holder: string };

/** A limited rate-limit add: it records only when fewer than `max` events happened after `since` (ms). */
export interface RateCap {
  since: number;
  max: number;
}

/**
 * The arguments of acquireLease, named once for the interface and each implementation: the lease, who
 * takes it, the time now, until when, and a holder known to be dead that it may take over.
 */
export type LeaseRequest = [name: string, holder: string, now: string, until: string, replacing?: string];

/**
 * What several registry processes on one database agree through it: a shared meta value, rate-limit
 * events and leases. Part of RegistryRepository; SQLite and PostgreSQL implement it (sqlite-coordination.ts,
 * pg-coordination.ts).
 */
export interface Coordination {
  /**
   * The meta value of `key`, storing `value` first if there is none: every process on the database gets
   * the same one, even when several ask at the same moment (the download salt).
   */
  ensureMeta(key: string, value: string): Promise<string>;
  /** Rate-limit events of `key` after `since` (ms since the epoch), shared by every process on this database. */
  rateCount(key: string, since: number): Promise<RateCount>;
  /**
   * Records one event of `key` at `at`; with `limit`, only when fewer than `max` happened after `since`,
   * atomically across processes. Returns whether it was recorded.
   */
  rateAdd(key: string, at: number, limit?: RateCap): Promise<boolean>;
  /** Forgets rate-limit events at or before `before`. */
  ratePrune(before: number): Promise<void>;
  /**
   * Takes the lease `name` for `holder` until `until` when it is free (absent, expired at `now`, already
   * this holder's, which renews it, or held by `replacing`, a holder known to be dead). Returns whether
   * `holder` holds it now, and otherwise who does. Times are ISO-8601 UTC.
   */
  acquireLease(...request: LeaseRequest): Promise<LeaseResult>;
  /** Gives the lease up, if `holder` still holds it. */
  releaseLease(name: string, holder: string): Promise<void>;
}
