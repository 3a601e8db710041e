import { Hono } from "hono";
import { ConnectoryError, isConnectoryError } from "../../core/errors.js";
import type { Registry } from "../../registry/registry.js";
import { MAX_TOOLS_BYTES } from "../../core/tools/report.js";
import { readJson } from "../read-body.js";

/** PUT /v1/connectors/:name/:version/tools: the owner reports the tools a version's servers list. */
export function toolRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.put("/v1/connectors/:name/:version/tools", async (c) => {
    const authorization = c.req.header("authorization");
    await registry.whoami(authorization); // an anonymous body is refused before it is read
    const body = await readJson(c.req.raw, MAX_TOOLS_BYTES).catch((error: unknown) => {
      if (!isConnectoryError(error) || error.code !== "request.body.too-large") throw error;
      throw new ConnectoryError(error.code, `the tools report is larger than ${MAX_TOOLS_BYTES} bytes`, {
        status: 413,
        hint: "report fewer tools, or shorten their descriptions and schemas",
      });
    });
    const result = await registry.reportTools({
      name: c.req.param("name"),
      version: c.req.param("version"),
      authorization,
      body,
    });
    return c.json(result);
  });
  return app;
}
