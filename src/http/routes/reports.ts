import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { readJson } from "../../request/read-body.js";

/** Anyone may report a version (no token); src/request/report-rate-limit.ts limits how often. */
export function reportRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.post("/v1/connectors/:name/:version/reports", async (c) => {
    const body = await readJson(c.req.raw);
    const report = await registry.fileReport({ ...c.req.param(), body });
    return c.json(report, 201);
  });
  return app;
}
