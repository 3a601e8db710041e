import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { readJson } from "../../request/read-body.js";

/** Owner-only dist-tags: PUT points a tag at a version, DELETE removes it. */
export function distTagRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const auth = requirePublisher(registry);
  app.put("/v1/connectors/:name/dist-tags/:tag", auth, async (c) => {
    const body = await readJson(c.req.raw);
    return c.json(await registry.setDistTag({ ...c.req.param(), publisher: c.var.publisher, body }));
  });
  app.delete("/v1/connectors/:name/dist-tags/:tag", auth, async (c) =>
    c.json(await registry.removeDistTag({ ...c.req.param(), publisher: c.var.publisher })),
  );
  return app;
}
