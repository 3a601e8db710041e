import { Hono } from "hono";
import type { PublishedDocument } from "../../core/api/documents.js";
import { MAX_COMPRESSED_BYTES } from "../../core/package/limits.js";
import type { Registry } from "../../registry/registry.js";
import { readBody } from "../read-body.js";

/** PUT /v1/connectors/:name: the body is the tarball, the token says who publishes. */
export function publishRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.put("/v1/connectors/:name", async (c) => {
    const authorization = c.req.header("authorization");
    // Authenticate before reading a large body: an anonymous upload is refused without buffering it.
    await registry.whoami(authorization);
    const bytes = await readBody(c.req.raw, MAX_COMPRESSED_BYTES);
    const result = await registry.publish({ name: c.req.param("name"), authorization, bytes });
    const base = registry.deps.publicUrl;
    const url = `${base}/v1/connectors/${result.name}/${result.version}`;
    const body: PublishedDocument = { ...result, url, tarball: `${url}/tarball` };
    return c.json(body, 201, { location: url });
  });
  return app;
}
