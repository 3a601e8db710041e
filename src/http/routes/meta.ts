import { Hono } from "hono";
import type { CategoriesDocument, WhoamiDocument } from "../../core/api/documents.js";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";

/** Health, categories, and who a token belongs to. */
export function metaRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  // One cheap query per call: a lost database is a 503 problem+json, and the balancer takes us out.
  // /readyz is the same check under the name Kubernetes uses for readiness; while the process drains
  // (SIGTERM) both answer 503 `draining` before it stops (src/server/start-server.ts).
  for (const path of ["/healthz", "/readyz"])
    app.get(path, async (c) => c.json(await registry.health(), 200, { "cache-control": "no-store" }));
  app.get("/v1/categories", async (c) =>
    c.json({ categories: await registry.categories() } satisfies CategoriesDocument),
  );
  app.get("/v1/whoami", requirePublisher(registry), (c) =>
    c.json({ publisher: c.var.publisher.publisher } satisfies WhoamiDocument),
  );
  return app;
}
