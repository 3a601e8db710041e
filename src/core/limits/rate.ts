import { usageError } from "../errors.js";

/** A rate: `count` calls per `periodMs`, as `connectory tools limit` takes it (`10/min`). */
export interface Rate {
  count: number;
  periodMs: number;
}

const PERIODS: Record<string, number> = {
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
};

/** `10/min` → { count: 10, periodMs: 60000 }; anything else is a usage error naming the form. */
export function parseRate(text: string): Rate {
  const m = /^(\d{1,6})\/([a-z]+)$/.exec(text.trim());
  const periodMs = m ? PERIODS[m[2] as string] : undefined;
  const count = m ? Number(m[1]) : 0;
  if (!m || periodMs === undefined || count < 1)
    throw usageError(
      `a rate is <calls>/<period> (10/min, 5/s, 100/hour, 1000/day), not ${JSON.stringify(text.slice(0, 40))}`,
      "connectory tools limit <server>/<tool> 10/min",
    );
  return { count, periodMs };
}

/** A token bucket's state: tokens left at time `at` (ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Takes one token from `bucket` (full when undefined) at `now`: refilled continuously at `rate`, at
 * most `rate.count` tokens. Returns the next state and, when no token was left, how long until one is.
 */
export function takeToken(
  rate: Rate,
  bucket: Bucket | undefined,
  now: number,
): { bucket: Bucket; retryAfterMs?: number } {
  const perMs = rate.count / rate.periodMs;
  const elapsed = Math.max(0, now - (bucket?.at ?? now));
  const tokens = Math.min(rate.count, (bucket?.tokens ?? rate.count) + elapsed * perMs);
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: now } };
  return { bucket: { tokens, at: now }, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
}
