import { Hono } from "hono";
import type { CategoriesDocument } from "../../core/api/documents.js";
import type { Registry } from "../../registry/registry.js";

/** Health, categories, and who a token belongs to. */
export function metaRoutes(registry: Registry): Hono {
  const app = new Hono();
  // One cheap query per call: a lost database is a 503 problem+json, and the balancer takes us out.
  app.get("/healthz", async (c) => c.json(await registry.health(), 200, { "cache-control": "no-store" }));
  app.get("/v1/categories", async (c) =>
    c.json({ categories: await registry.categories() } satisfies CategoriesDocument),
  );
  app.get("/v1/whoami", async (c) => c.json(await registry.whoami(c.req.header("authorization"))));
  return app;
}
