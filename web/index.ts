import { Hono } from "hono";
import type { Registry } from "../src/registry/registry.js";
import { createSnippetSource, type ApiClient } from "./lib/host-snippets.js";
import { errorPage, pageRoutes } from "./routes/page-routes.js";
import { fileRoutes } from "./routes/file-routes.js";
import { ConnectoryError } from "../src/core/errors.js";

export interface WebDeps {
  registry: Registry;
  /** The registry app itself: host tabs ask its config endpoint, so they show exactly what it returns. */
  api: ApiClient;
}

/** The web marketplace: pages, assets, icons, schemas, the example package, and an HTML 404 outside /v1. */
export function createWebRoutes(deps: WebDeps): Hono {
  const app = new Hono();
  app.route("/", fileRoutes(deps.registry));
  app.route("/", pageRoutes({ registry: deps.registry, hostTabs: createSnippetSource(deps.api) }));
  // Any other GET outside the API gets the HTML 404 page; /v1 and /healthz keep their problem+json.
  app.get("*", async (c, next) => {
    const pathname = new URL(c.req.url).pathname;
    if (pathname.startsWith("/v1/") || pathname === "/v1" || pathname === "/healthz") return next();
    return errorPage(
      c,
      new ConnectoryError("page.not-found", `There is no page at ${pathname.slice(0, 200)}.`, {
        status: 404,
      }),
    );
  });
  return app;
}
