import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { readJson } from "../../request/read-body.js";

/** Owner-only version state: yank, unyank, deprecate. */
export function versionRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const auth = requirePublisher(registry);
  app.post("/v1/connectors/:name/:version/yank", auth, async (c) =>
    c.json(await registry.yank({ ...c.req.param(), publisher: c.var.publisher })),
  );
  app.post("/v1/connectors/:name/:version/unyank", auth, async (c) =>
    c.json(await registry.unyank({ ...c.req.param(), publisher: c.var.publisher })),
  );
  app.post("/v1/connectors/:name/:version/deprecate", auth, async (c) => {
    const body = await readJson(c.req.raw);
    return c.json(await registry.deprecate({ ...c.req.param(), publisher: c.var.publisher, body }));
  });
  return app;
}
