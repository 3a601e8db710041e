import type { MiddlewareHandler } from "hono";
import { ConnectoryError } from "../core/errors.js";
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
export function requirePublisher(
  registry: Registry,
  options: { scoped?: boolean } = {},
): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const publisher = await registry.authenticate(c.req.header("authorization"));
    // A token from a CI exchange publishes (and reports the tools of) its one connector, nothing else.
    if (publisher.scope && (!options.scoped || c.req.param("name") !== publisher.scope.connector)) {
      throw new ConnectoryError(
        "auth.scope",
        options.scoped
          ? `this token may publish "${publisher.scope.connector}" only`
          : "a trusted-publishing token may only publish its connector",
        { status: 403, hint: "use the token for the connector it was issued for, or a publisher token" },
      );
    }
    c.set("publisher", publisher);
    await next();
  };
}
