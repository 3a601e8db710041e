import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";

/** Health, categories, and who a token belongs to. */
export function metaRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.get("/healthz", async (c) => {
    await registry.ready(); // fails (500) while the database is unusable: load balancers take us out
    return c.json({ status: "ok" }, 200, { "cache-control": "no-store" });
  });
  app.get("/v1/categories", async (c) => c.json({ categories: await registry.categories() }));
  app.get("/v1/whoami", async (c) => c.json(await registry.whoami(c.req.header("authorization"))));
  return app;
}
