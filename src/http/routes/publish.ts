import { Hono } from "hono";
import type { PublishedDocument } from "../../core/api/documents.js";
import { MAX_COMPRESSED_BYTES } from "../../core/package/limits.js";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { bodyTooLarge, readBody, type BodyLimit } from "../../request/read-body.js";

const TARBALL: BodyLimit = {
  maxBytes: MAX_COMPRESSED_BYTES,
  onTooLarge: () =>
    bodyTooLarge(
      `the tarball is larger than ${MAX_COMPRESSED_BYTES} bytes`,
      "a connector tarball is at most 5 MiB (docs/package-format.md#folders-and-tarballs); remove large files from the package",
    ),
};

/** PUT /v1/connectors/:name: the body is the tarball, the token says who publishes. */
export function publishRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.put("/v1/connectors/:name", requirePublisher(registry, { scoped: true }), async (c) => {
    const bytes = await readBody(c.req.raw, TARBALL);
    const result = await registry.publish({ name: c.req.param("name"), publisher: c.var.publisher, bytes });
    const url = `${registry.deps.publicUrl}/v1/connectors/${result.name}/${result.version}`;
    const body: PublishedDocument = { ...result, url, tarball: `${url}/tarball` };
    return c.json(body, 201, { location: url });
  });
  return app;
}
