import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { clientAddress } from "../../request/client-address.js";
import { notModified, sendPrepared } from "../prepared-response.js";

/** Reads: search/list, the connector document, a version document, the tarball. */
export function connectorRoutes(registry: Registry): Hono {
  const app = new Hono();

  app.get("/v1/connectors", async (c) => {
    const q = (key: string) => c.req.query(key);
    const page = await registry.search({
      q: q("q"),
      category: q("category"),
      publisher: q("publisher"),
      sort: q("sort"),
      limit: q("limit"),
      cursor: q("cursor"),
    });
    return c.json(page);
  });

  app.get("/v1/connectors/:name", async (c) =>
    sendPrepared(c, await registry.connector(c.req.param("name"))),
  );

  app.get("/v1/connectors/:name/:version", async (c) =>
    sendPrepared(c, await registry.version(c.req.param("name"), c.req.param("version"))),
  );

  app.get("/v1/connectors/:name/:version/tarball", async (c) => {
    const name = c.req.param("name");
    const ref = c.req.param("version");
    const info = await registry.tarballInfo(name, ref);
    const etag = `"${info.sha256}"`;
    // Same URL, same bytes forever (versions are immutable): caches may keep it for a year.
    const headers = { etag, "cache-control": "public, max-age=31536000, immutable" };
    if (notModified(c, etag)) return c.body(null, 304, headers);
    // A download counts once per client address, version and UTC day (src/registry/download-mark.ts).
    const tarball = await registry.tarball(name, info.version, {
      count: c.req.method === "GET",
      client: clientAddress(c),
    });
    return c.body(tarball.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "content-type": "application/gzip",
      "content-length": String(tarball.size),
      "content-disposition": `attachment; filename="${name}-${info.version}.tgz"`,
      "x-integrity": tarball.integrity,
    });
  });

  return app;
}
