import { Hono } from "hono";
import { ConnectoryError } from "../../core/errors.js";
import { DEFAULT_ISSUERS } from "../../core/oidc/bindings.js";
import type { Registry } from "../../registry/registry.js";
import { requirePublisher, type AuthEnv } from "../auth.js";
import { readJson } from "../../request/read-body.js";

/**
 * Trusted publishing (docs/http-api.md): the anonymous exchange of a CI ID token for a publish token,
 * and the owner's routes that bind a connector (existing or not yet) to CI identities.
 */
export function trustedPublisherRoutes(registry: Registry): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post("/v1/oidc/token", async (c) => c.json(await registry.exchangeToken(await readJson(c.req.raw))));
  const auth = requirePublisher(registry);
  app.get("/v1/connectors/:name/trusted-publishers", auth, async (c) =>
    c.json(
      await registry.listTrustedPublishers({ connector: c.req.param("name"), manager: c.var.publisher }),
    ),
  );
  app.post("/v1/connectors/:name/trusted-publishers", auth, async (c) => {
    const body = (await readJson(c.req.raw)) as Record<string, unknown> | null;
    const field = (key: string): string | undefined => {
      const v = body?.[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "string")
        throw new ConnectoryError("trusted-publisher.invalid", `"${key}" must be a string`, { status: 422 });
      return v;
    };
    const repository = field("repository");
    const workflow = field("workflow");
    if (repository === undefined || workflow === undefined)
      throw new ConnectoryError("trusted-publisher.invalid", "repository and workflow are required", {
        status: 422,
        hint: 'send {"repository": "owner/repo", "workflow": "release.yml", "issuer"?: …, "environment"?: …}',
      });
    const document = await registry.addTrustedPublisher({
      connector: c.req.param("name"),
      owner: c.var.publisher,
      binding: {
        issuer: field("issuer") ?? DEFAULT_ISSUERS[0]!,
        repository,
        workflow,
        environment: field("environment") ?? null,
      },
    });
    return c.json(document, 201);
  });
  app.delete("/v1/connectors/:name/trusted-publishers/:id", auth, async (c) => {
    const id = c.req.param("id");
    if (!/^\d{1,9}$/.test(id))
      throw new ConnectoryError(
        "trusted-publisher.not-found",
        `no trusted publisher with id "${id.slice(0, 20)}"`,
        {
          status: 404,
        },
      );
    return c.json(
      await registry.removeTrustedPublisher({
        connector: c.req.param("name"),
        id: Number(id),
        manager: c.var.publisher,
      }),
    );
  });
  return app;
}
