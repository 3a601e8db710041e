import type { MiddlewareHandler } from "hono";
import type { RateLimit } from "../registry/rate-limit.js";
import { clientAddress } from "./client-address.js";
import { problem, problemResponse } from "./problem.js";

/** Failed authentications a client address may make per window before it is refused. */
export const AUTH_FAILURE_LIMIT = { name: "auth", max: 10, windowMs: 60_000 };

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Limits failed authentication per client address on the routes that check a token (every write
 * route, and GET /v1/whoami): after `max` 401 answers within the window, the address gets 429
 * `auth.rate-limited` with Retry-After until its oldest failure leaves the window, whatever token it
 * sends. Counted in the database (src/registry/rate-limit.ts): one limit for every process on it,
 * kept across restarts. The address is the client's (TRUSTED_PROXIES), not a balancer's.
 */
export function authRateLimit(limit: RateLimit): MiddlewareHandler {
  return async (c, next) => {
    const checked = !READS.has(c.req.method) || new URL(c.req.url).pathname === "/v1/whoami";
    if (!checked) return next();
    const address = clientAddress(c);
    const refused = await limit.check(address);
    if (refused) {
      return problemResponse(
        problem(
          429,
          "auth.rate-limited",
          `too many failed authentications from this address (${refused.count} in ${refused.windowMs / 1000} s)`,
          { hint: `wait ${refused.retryAfter} s, then send a valid token (connectory login <marketplace>)` },
        ),
        { "retry-after": String(refused.retryAfter) },
      );
    }
    await next();
    if (c.res.status === 401) await limit.record(address);
  };
}
