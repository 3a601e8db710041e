import { Hono } from "hono";
import { MAX_TOOLS_BYTES } from "../../core/tools/report.js";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { bodyTooLarge, readJson, type BodyLimit } from "../../request/read-body.js";

const REPORT: BodyLimit = {
  maxBytes: MAX_TOOLS_BYTES,
  onTooLarge: () =>
    bodyTooLarge(
      `the tools report is larger than ${MAX_TOOLS_BYTES} bytes`,
      "report fewer tools, or shorten their descriptions and schemas",
    ),
};

/** PUT /v1/connectors/:name/:version/tools: the owner reports the tools a version's servers list. */
export function toolRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.put("/v1/connectors/:name/:version/tools", requirePublisher(registry, { scoped: true }), async (c) => {
    const { name, version } = c.req.param();
    const body = await readJson(c.req.raw, REPORT);
    return c.json(await registry.reportTools({ name, version, publisher: c.var.publisher, body }));
  });
  return app;
}
