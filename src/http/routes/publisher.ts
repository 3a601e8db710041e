import { Hono } from "hono";
import { ConnectoryError } from "../../core/errors.js";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { readBody, readJson, SMALL_JSON } from "../../request/read-body.js";

/** A JSON body already read; 400 `request.body.invalid-json` as readJson says it. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ConnectoryError("request.body.invalid-json", "the request body is not valid JSON", {
      hint: 'send {"method": "http"} or {"method": "dns"}, or no body',
    });
  }
}

/**
 * The publisher's own routes (docs/publishers.md): its badge and domains, a domain's challenge, and the
 * verification that looks for the proof. Every one needs the publish token.
 */
export function publisherRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.use("/v1/publisher", requirePublisher(registry));
  app.use("/v1/publisher/*", requirePublisher(registry));
  app.get("/v1/publisher", async (c) => c.json(await registry.publisherStatus(c.var.publisher)));
  app.post("/v1/publisher/domains", async (c) => {
    const body = (await readJson(c.req.raw)) as { domain?: unknown } | null;
    const { created, document } = await registry.requestDomain({
      publisher: c.var.publisher,
      domain: body && typeof body === "object" ? body.domain : undefined,
    });
    return c.json(document, created ? 201 : 200);
  });
  app.post("/v1/publisher/domains/:domain/verify", async (c) => {
    // The body is optional here: none (or an empty one) verifies by the HTTP file.
    const bytes = await readBody(c.req.raw, SMALL_JSON);
    const body = (bytes.byteLength === 0 ? {} : parseJson(bytes)) as { method?: unknown } | null;
    return c.json(
      await registry.verifyDomain({
        publisher: c.var.publisher,
        domain: c.req.param("domain"),
        method: body && typeof body === "object" ? body.method : undefined,
      }),
    );
  });
  return app;
}
