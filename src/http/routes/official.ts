import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { prepare } from "../../registry/documents.js";
import type { OfficialApi } from "../../registry/official/official-api.js";
import { sendPrepared } from "../prepared-response.js";

/** The official MCP Registry read API (modelcontextprotocol/registry, 2025-12-01) under /v0.1 and /v0. */
export function officialRoutes(api: OfficialApi): Hono {
  const app = new Hono();
  const json = (c: Context, document: object) => {
    const prepared = prepare(document);
    return sendPrepared(c, { body: prepared.body, etag: `"${prepared.etag}"` });
  };
  const includeDeleted = (c: Context) => api.includeDeleted(c.req.query("include_deleted"));
  for (const base of ["/v0.1", "/v0"]) {
    // Browser-based clients read registries from other origins; errors carry the headers too.
    app.use(
      `${base}/*`,
      cors({
        origin: "*",
        allowMethods: ["GET", "OPTIONS"],
        allowHeaders: ["Authorization", "Content-Type"],
      }),
    );
    app.get(`${base}/servers`, async (c) =>
      sendPrepared(
        c,
        await api.list({
          search: c.req.query("search"),
          cursor: c.req.query("cursor"),
          limit: c.req.query("limit"),
          version: c.req.query("version"),
          updated_since: c.req.query("updated_since"),
          include_deleted: c.req.query("include_deleted"),
        }),
      ),
    );
    // `{name}` arrives as one segment (`dev.connectory%2Fweather`); the unencoded two-segment form works too.
    const name = (c: Context) =>
      c.req.param("namespace") !== undefined
        ? `${c.req.param("namespace")}/${c.req.param("server")}`
        : c.req.param("name")!;
    for (const path of [`${base}/servers/:name`, `${base}/servers/:namespace/:server`]) {
      app.get(`${path}/versions`, async (c) => json(c, await api.versions(name(c), includeDeleted(c))));
      app.get(`${path}/versions/:version`, async (c) =>
        sendPrepared(c, await api.version(name(c), c.req.param("version")!, includeDeleted(c))),
      );
    }
  }
  return app;
}
