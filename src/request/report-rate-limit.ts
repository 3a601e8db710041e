import type { MiddlewareHandler } from "hono";
import type { RateLimit, RateRefusal } from "../registry/rate-limit.js";
import { clientAddress } from "./client-address.js";
import { problem, problemResponse } from "./problem.js";

/** Reports a client address may send per window, on the API and the web form together. */
export const REPORT_LIMIT = { name: "report", max: 5, windowMs: 3_600_000 };

/** The words of a refusal, shared by the API's problem and the web form's page. */
export function rateLimitedText(refused: RateRefusal) {
  return {
    message: `too many reports from this address (${refused.count} in ${refused.windowMs / 60_000} min)`,
    hint: `wait ${refused.retryAfter} s; one report per problem is enough, an operator reads each`,
  };
}

/**
 * POST /v1/connectors/:name/:version/reports beyond the limit: 429 `report.rate-limited` with Retry-After.
 * Every report request counts (a refused body too, so a flood of bad bodies is limited as well), in the
 * database: one limit for every registry process.
 */
export function reportRateLimit(limit: RateLimit): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const refused = await limit.take(clientAddress(c));
    if (!refused) return next();
    const { message, hint } = rateLimitedText(refused);
    return problemResponse(problem(429, "report.rate-limited", message, { hint }), {
      "retry-after": String(refused.retryAfter),
    });
  };
}
