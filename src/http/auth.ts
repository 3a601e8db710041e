import type { MiddlewareHandler } from "hono";
import type { Registry } from "../registry/registry.js";
import type { Publisher } from "../registry/tokens.js";

/** What an authenticated route finds in `c.var`. */
export interface AuthEnv {
  Variables: { publisher: Publisher };
}

/**
 * Requires `Authorization: Bearer <token>` and hands the route the publisher it belongs to
 * (`c.var.publisher`); anything else is the 401 problem. It runs before the handler reads a body, so
 * an anonymous upload is refused without buffering it.
 */
export function requirePublisher(registry: Registry): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set("publisher", await registry.authenticate(c.req.header("authorization")));
    await next();
  };
}
