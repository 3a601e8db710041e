import { Hono } from "hono";
import { prepare } from "../../registry/documents.js";
import { clientAddress } from "../../request/client-address.js";
import type { Registry } from "../../registry/registry.js";
import { notModified, sendPrepared } from "../prepared-response.js";

/**
 * The registry in each host's own catalog format (docs/http-api.md, "Host catalogs"): a Claude Code
 * marketplace whose plugins are npm packages of this registry, and the npm registry protocol for them
 * (packument, tarball), which `claude plugin install`, `npm view` and `npm pack` read.
 */
export function hostCatalogRoutes(registry: Registry): Hono {
  const app = new Hono();

  app.get("/.claude-plugin/marketplace.json", async (c) => {
    const doc = prepare(await registry.marketplace());
    return sendPrepared(c, { body: doc.body, etag: `"${doc.etag}"` });
  });

  app.get("/npm/:name", async (c) => {
    const doc = prepare(await registry.packument(c.req.param("name")));
    return sendPrepared(c, { body: doc.body, etag: `"${doc.etag}"` });
  });

  app.get("/npm/:name/-/:file", async (c) => {
    const name = c.req.param("name");
    const { version, bytes, info } = await registry.hostPackage(name, c.req.param("file"), {
      // A revalidation (npm sends If-None-Match for what it has cached) is not a new download.
      count: c.req.method === "GET" && c.req.header("if-none-match") === undefined,
      client: clientAddress(c),
    });
    const headers = { etag: `"${info.sha256}"`, "cache-control": "public, max-age=31536000, immutable" };
    if (notModified(c, headers.etag)) return c.body(null, 304, headers);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "content-type": "application/octet-stream",
      "content-length": String(info.size),
      "content-disposition": `attachment; filename="${name}-${version}.tgz"`,
    });
  });

  return app;
}
