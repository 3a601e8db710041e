import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { readJson } from "../read-body.js";

/** Owner-only version state: yank, unyank, deprecate. */
export function versionRoutes(registry: Registry): Hono {
  const app = new Hono();
  const who = (c: { req: { param(k: string): string; header(k: string): string | undefined } }) => ({
    name: c.req.param("name"),
    version: c.req.param("version"),
    authorization: c.req.header("authorization"),
  });
  app.post("/v1/connectors/:name/:version/yank", async (c) => c.json(await registry.yank(who(c))));
  app.post("/v1/connectors/:name/:version/unyank", async (c) => c.json(await registry.unyank(who(c))));
  app.post("/v1/connectors/:name/:version/deprecate", async (c) => {
    const input = who(c);
    await registry.whoami(input.authorization);
    return c.json(await registry.deprecate({ ...input, body: await readJson(c.req.raw) }));
  });
  return app;
}
