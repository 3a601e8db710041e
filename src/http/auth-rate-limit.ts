import type { MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.js";
import { problem, problemResponse } from "./problem.js";

/** Failed authentications a client address may make per window before it is refused. */
export const AUTH_FAILURE_LIMIT = { maxFailures: 10, windowMs: 60_000, maxClients: 10_000 };

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Limits failed authentication per client address on the routes that check a token (every write
 * route, and GET /v1/whoami): after `maxFailures` 401 answers within `windowMs`, the address gets 429
 * `auth.rate-limited` with Retry-After until its oldest failure leaves the window, whatever token it
 * sends. The count lives in this process's memory (one registry process: exact; N processes behind a
 * balancer: at most N × the limit; a restart forgets it). At most `maxClients` addresses are tracked;
 * beyond that the least recently failing are forgotten, so a flood of addresses cannot grow memory.
 */
export function authRateLimit(
  options: Partial<typeof AUTH_FAILURE_LIMIT> & { now?: () => number } = {},
): MiddlewareHandler {
  const { maxFailures, windowMs, maxClients } = { ...AUTH_FAILURE_LIMIT, ...options };
  const now = options.now ?? Date.now;
  /** Failure times per address, oldest first; the map's order is least recently failing first. */
  const failures = new Map<string, number[]>();

  const recent = (address: string, at: number): number[] => {
    const times = (failures.get(address) ?? []).filter((t) => t > at - windowMs);
    if (times.length === 0) failures.delete(address);
    return times;
  };

  return async (c, next) => {
    const checked = !READS.has(c.req.method) || new URL(c.req.url).pathname === "/v1/whoami";
    if (!checked) return next();
    const address = clientAddress(c);
    const at = now();
    const times = recent(address, at);
    if (times.length >= maxFailures) {
      const retryAfter = Math.max(1, Math.ceil((times[0]! + windowMs - at) / 1000));
      return problemResponse(
        problem(
          429,
          "auth.rate-limited",
          `too many failed authentications from this address (${times.length} in ${windowMs / 1000} s)`,
          { hint: `wait ${retryAfter} s, then send a valid token (connectory login <marketplace>)` },
        ),
        { "retry-after": String(retryAfter) },
      );
    }
    await next();
    if (c.res.status !== 401) return;
    failures.delete(address); // re-inserted last: the map stays ordered by latest failure
    failures.set(address, [...times, at].slice(-maxFailures));
    for (const oldest of failures.keys()) {
      if (failures.size <= maxClients) break;
      failures.delete(oldest);
    }
  };
}
