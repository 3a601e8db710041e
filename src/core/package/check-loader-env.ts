import { loaderEnvReason } from "../launch/loader-env.js";
import { quoteArg } from "../launch/quote-arg.js";
import type { Problem, ServerSet } from "../types.js";
import { isRemote } from "../types.js";
import { pointer, warning } from "./problems.js";

/**
 * A warning for every env key of a stdio server that changes how code is loaded (src/core/launch/
 * loader-env.ts): allowed, shown on the connector page and in `info`, and `install` asks consent.
 */
export function checkLoaderEnv(servers: ServerSet, base: string): Problem[] {
  return Object.entries(servers).flatMap(([name, spec]) =>
    isRemote(spec)
      ? []
      : Object.keys(spec.env ?? {}).flatMap((key) => {
          const why = loaderEnvReason(key);
          if (why === undefined) return [];
          const path = pointer(pointer(pointer(base, name), "env"), key);
          return [
            warning(
              "mcp.server.env.loader",
              "mcp.json",
              path,
              `server ${quoteArg(name)} sets ${quoteArg(key)}, which ${why}: it is shown on the connector page, and installing needs --accept-env or a confirmation`,
            ),
          ];
        }),
  );
}
