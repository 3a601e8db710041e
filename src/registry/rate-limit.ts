import type { RegistryRepository } from "../db/repository.js";

/** A refusal: how many events are in the window and the seconds until one more is allowed. */
export interface RateRefusal {
  count: number;
  retryAfter: number;
  windowMs: number;
}

export interface RateLimitOptions {
  /** Names the limit in its keys (`auth`, `report`). */
  name: string;
  max: number;
  windowMs: number;
  now?: () => number;
}

/** Events are pruned at most this often per process, and only those older than the longest window. */
const PRUNE_EVERY_MS = 60_000;
const KEEP_MS = 3_600_000;

/**
 * A sliding-window limit per client address, counted in the database (src/db: rate_events), so N registry
 * processes on one database enforce one limit and a restart forgets nothing. The windows are exact: an
 * address is refused while `max` events lie within the last `windowMs`, until the oldest leaves.
 * A database that cannot answer makes the call throw (503 `db.unavailable`): the limited routes are
 * writes, which fail closed; reads never consult a limit.
 */
export class RateLimit {
  private readonly now: () => number;
  private lastPrune = 0;

  constructor(
    private readonly repo: RegistryRepository,
    private readonly options: RateLimitOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether `address` is refused now (without counting anything). */
  async check(address: string): Promise<RateRefusal | undefined> {
    const at = this.now();
    const { count, oldest } = await this.repo.rateCount(this.key(address), at - this.options.windowMs);
    if (count < this.options.max) return undefined;
    return this.refusal(count, oldest ?? at, at);
  }

  /** Counts one event of `address` (a failed login), whatever the count. */
  async record(address: string): Promise<void> {
    const at = this.now();
    await this.repo.rateAdd(this.key(address), at);
    await this.prune(at);
  }

  /** Counts one event of `address` if it is allowed (a report); else the refusal, counting nothing. */
  async take(address: string): Promise<RateRefusal | undefined> {
    const at = this.now();
    const since = at - this.options.windowMs;
    const added = await this.repo.rateAdd(this.key(address), at, { since, max: this.options.max });
    await this.prune(at);
    if (added) return undefined;
    const { count, oldest } = await this.repo.rateCount(this.key(address), since);
    return this.refusal(Math.max(count, this.options.max), oldest ?? at, at);
  }

  private refusal(count: number, oldest: number, at: number): RateRefusal {
    const { windowMs } = this.options;
    return { count, retryAfter: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)), windowMs };
  }

  private key(address: string): string {
    return `${this.options.name}:${address}`;
  }

  private async prune(at: number): Promise<void> {
    if (at - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = at;
    await this.repo.ratePrune(at - Math.max(KEEP_MS, this.options.windowMs));
  }
}
