import { parseRate, takeToken, type Bucket, type Rate } from "../../src/core/limits/rate.js";
import { readLimits, readLimitsState, saveBuckets, type ServerLimits } from "../home/limits-store.js";
import { say } from "../terminal/language.js";

/** A limit that stopped a call: which rule, and when a token is back. */
export interface Limited {
  rule: string;
  rate: string;
  retryAfterMs: number;
}

/** How long after a call the buckets are saved: calls in a burst share one write. */
const SAVE_DELAY_MS = 500;

/**
 * The token buckets of one process (`run`, or a gateway and all its host sessions): the limits of
 * limits.json for each server (and the served profile's), each bucket refilled continuously, its state
 * read from limits-state.json at start and saved (atomically, locked) shortly after use and at close.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly dirty = new Map<string, Bucket>();
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly home: string,
    private readonly rules: Array<{ scope: string; limits: ServerLimits }>,
    stored: Record<string, Bucket>,
    private readonly now: () => number,
    private readonly log: (message: string) => void,
  ) {
    for (const [k, b] of Object.entries(stored)) this.buckets.set(k, b);
  }

  /** The limiter for `profile` (undefined: `run`, the servers' own limits only); none when no limit is set. */
  static async load(
    home: string,
    profile: string | undefined,
    options: { now?: () => number; log(message: string): void },
  ): Promise<RateLimiter | undefined> {
    const file = await readLimits(home);
    const rules = [{ scope: "server", limits: file.servers }];
    const own =
      profile !== undefined && file.profiles && Object.hasOwn(file.profiles, profile)
        ? file.profiles[profile]
        : undefined;
    if (own) rules.push({ scope: `profile:${profile}`, limits: own });
    if (rules.every((r) => Object.keys(r.limits).length === 0)) return undefined;
    const state = await readLimitsState(home);
    return new RateLimiter(home, rules, state.buckets, options.now ?? Date.now, options.log);
  }

  /** True when some limit names this server (its filter is installed). */
  covers(server: string): boolean {
    return this.rules.some((r) => Object.hasOwn(r.limits, server));
  }

  /** Takes a token from every bucket a call to `server`'s `tool` counts against; the first one empty stops it. */
  take(server: string, tool: string): Limited | undefined {
    const now = this.now();
    const hits: Array<{ key: string; rule: string; rate: string; parsed: Rate }> = [];
    for (const { scope, limits } of this.rules) {
      const tools = Object.hasOwn(limits, server) ? limits[server] : undefined;
      if (!tools) continue;
      for (const name of [tool, "*"]) {
        const rate = Object.hasOwn(tools, name) ? tools[name] : undefined;
        if (rate === undefined) continue;
        const rule = `${server}/${name}${scope === "server" ? "" : ` (${scope})`}`;
        hits.push({ key: `${scope}:${server}/${name}`, rule, rate, parsed: parseRate(rate) });
      }
    }
    // All or nothing: a call one bucket refuses takes no token from the others.
    const next = hits.map((h) => ({ ...h, ...takeToken(h.parsed, this.buckets.get(h.key), now) }));
    const refused = next.find((n) => n.retryAfterMs !== undefined);
    if (refused)
      return { rule: refused.rule, rate: refused.rate, retryAfterMs: refused.retryAfterMs as number };
    for (const n of next) {
      this.buckets.set(n.key, n.bucket);
      this.dirty.set(n.key, n.bucket);
    }
    if (next.length > 0) this.timer ??= setTimeout(() => void this.save(), SAVE_DELAY_MS).unref();
    return undefined;
  }

  /** Writes what changed since the last save; resolves when it is on disk. */
  save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirty.size === 0) return this.saving;
    const batch = new Map(this.dirty);
    this.dirty.clear();
    this.saving = this.saving
      .then(() => saveBuckets(this.home, batch, this.now()))
      .catch((error: Error) => this.log(say("session.limits-unsaved", { message: error.message })));
    return this.saving;
  }
}
