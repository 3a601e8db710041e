import type { MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.js";
import { problem, problemResponse } from "./problem.js";

/** Reports a client address may send per window, on the API and the web form together. */
export const REPORT_LIMIT = { maxReports: 5, windowMs: 3_600_000, maxClients: 10_000 };

/**
 * Counts reports per client address, in the style of auth-rate-limit.ts: every report request counts (a
 * refused body too, so a flood of bad bodies is limited as well); after `maxReports` within `windowMs` an
 * address is refused until its oldest report leaves the window. Kept in this process's memory (N
 * processes: at most N × the limit); at most `maxClients` addresses are tracked, the least recent forgotten.
 */
export class ReportLimiter {
  private readonly sent = new Map<string, number[]>();
  private readonly limit: typeof REPORT_LIMIT;
  private readonly now: () => number;

  constructor(options: Partial<typeof REPORT_LIMIT> & { now?: () => number } = {}) {
    this.limit = { ...REPORT_LIMIT, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Counts one report from `address`; undefined when allowed, else the seconds until one more is. */
  take(address: string): { retryAfter: number; count: number; windowMs: number } | undefined {
    const { maxReports, windowMs, maxClients } = this.limit;
    const at = this.now();
    const times = (this.sent.get(address) ?? []).filter((t) => t > at - windowMs);
    if (times.length >= maxReports) {
      return {
        retryAfter: Math.max(1, Math.ceil((times[0]! + windowMs - at) / 1000)),
        count: times.length,
        windowMs,
      };
    }
    this.sent.delete(address); // re-inserted last: the map stays ordered by latest report
    this.sent.set(address, [...times, at]);
    for (const oldest of this.sent.keys()) {
      if (this.sent.size <= maxClients) break;
      this.sent.delete(oldest);
    }
    return undefined;
  }
}

/** The words of a refusal, shared by the API's problem and the web form's page. */
export function rateLimitedText(refused: { retryAfter: number; count: number; windowMs: number }) {
  return {
    message: `too many reports from this address (${refused.count} in ${refused.windowMs / 60_000} min)`,
    hint: `wait ${refused.retryAfter} s; one report per problem is enough, an operator reads each`,
  };
}

/** POST /v1/connectors/:name/:version/reports beyond the limit: 429 `report.rate-limited` with Retry-After. */
export function reportRateLimit(limiter: ReportLimiter): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const refused = limiter.take(clientAddress(c));
    if (!refused) return next();
    const { message, hint } = rateLimitedText(refused);
    return problemResponse(problem(429, "report.rate-limited", message, { hint }), {
      "retry-after": String(refused.retryAfter),
    });
  };
}
