import { Hono } from "hono";
import { ConnectoryError } from "../../core/errors.js";
import { prepare } from "../../registry/documents.js";
import type { OfficialApi } from "../../registry/official/official-api.js";
import { notModified, sendPrepared } from "../prepared-response.js";

/** A version's official registry entries (server.json) and the MCP Bundles of its bundled servers. */
export function serverJsonRoutes(api: OfficialApi): Hono {
  const app = new Hono();

  app.get("/v1/connectors/:name/:version/server.json", async (c) => {
    const prepared = prepare(await api.serverJson(c.req.param("name"), c.req.param("version")));
    return sendPrepared(c, { body: prepared.body, etag: `"${prepared.etag}"` });
  });

  app.get("/v1/connectors/:name/:version/bundles/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".mcpb")) {
      throw new ConnectoryError("bundle.not-found", "bundle URLs end in <server>.mcpb", { status: 404 });
    }
    const name = c.req.param("name");
    const bundle = await api.bundle(name, c.req.param("version"), file.slice(0, -".mcpb".length));
    // Built once per version and server and never rebuilt: an exact version's URL serves the same bytes
    // forever (a tag such as `latest` moves, so it is revalidated).
    const immutable = bundle.version === c.req.param("version");
    const headers = {
      etag: `"${bundle.sha256}"`,
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (notModified(c, headers.etag)) return c.body(null, 304, headers);
    return c.body(bundle.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "content-type": "application/zip",
      "content-length": String(bundle.size),
      "content-disposition": `attachment; filename="${name}-${bundle.version}${file === `${name}.mcpb` ? "" : `-${file.slice(0, -5)}`}.mcpb"`,
    });
  });

  return app;
}
