import { Hono, type Context } from "hono";
import type { Registry } from "../registry/registry.js";
import { createSnippetSource, type ApiClient } from "./lib/host-snippets.js";
import { errorPage, pageRoutes } from "./routes/page-routes.js";
import { docRoutes } from "./routes/doc-routes.js";
import { fileRoutes } from "./routes/file-routes.js";
import { apiPageRoutes } from "./routes/api-page-routes.js";
import { reportFormRoutes } from "./routes/report-routes.js";
import { ConnectoryError } from "../core/errors.js";
import type { RateLimit } from "../registry/rate-limit.js";

export interface WebDeps {
  registry: Registry;
  /** The registry app itself: host tabs ask its config endpoint, so they show exactly what it returns. */
  api: ApiClient;
  /** The report limit the API's report route shares (src/request/report-rate-limit.ts). */
  reports: RateLimit;
  /** The namespace of this registry's own official names (REGISTRY_NAMESPACE), for the /api page. */
  namespace: string;
}

/** The web marketplace: pages, assets, icons, schemas and the example package. */
export function createWebRoutes(deps: WebDeps): Hono {
  const app = new Hono();
  app.route("/", fileRoutes(deps.registry));
  app.route("/", docRoutes());
  app.route("/", apiPageRoutes(deps));
  app.route("/", reportFormRoutes(deps.registry, deps.reports));
  app.route("/", pageRoutes({ registry: deps.registry, hostTabs: createSnippetSource(deps.api) }));
  return app;
}

/**
 * The HTML 404 for a GET outside the API (/v1 and /healthz keep problem+json). The error edge calls it
 * only when no route matched, so API requests never pay for it.
 */
export function webNotFound(c: Context): Response | Promise<Response> | undefined {
  const pathname = new URL(c.req.url).pathname;
  if (
    c.req.method !== "GET" ||
    pathname.startsWith("/v1/") ||
    pathname === "/v1" ||
    /^\/v0(\.1)?(\/|$)/.test(pathname) || // the official registry API answers problem+json too
    pathname === "/healthz"
  ) {
    return undefined;
  }
  return errorPage(
    c,
    new ConnectoryError("page.not-found", `There is no page at ${pathname.slice(0, 200)}.`, { status: 404 }),
  );
}
