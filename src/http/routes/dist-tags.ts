import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { readJson } from "../read-body.js";

/** Owner-only dist-tags: PUT points a tag at a version, DELETE removes it. */
export function distTagRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.put("/v1/connectors/:name/dist-tags/:tag", async (c) => {
    const authorization = c.req.header("authorization");
    await registry.whoami(authorization);
    const body = await readJson(c.req.raw);
    return c.json(
      await registry.setDistTag({ name: c.req.param("name"), tag: c.req.param("tag"), authorization, body }),
    );
  });
  app.delete("/v1/connectors/:name/dist-tags/:tag", async (c) =>
    c.json(
      await registry.removeDistTag({
        name: c.req.param("name"),
        tag: c.req.param("tag"),
        authorization: c.req.header("authorization"),
      }),
    ),
  );
  return app;
}
