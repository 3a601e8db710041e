import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import type { ApiClient } from "../lib/host-snippets.js";
import { ApiPage } from "../pages/api-page.js";
import { sendPage } from "./page-routes.js";

/** /api: how to use this registry's APIs from MCP clients; the example name comes from the API itself. */
export function apiPageRoutes(deps: { registry: Registry; api: ApiClient; namespace: string }): Hono {
  const app = new Hono();
  app.get("/api", async (c) => {
    const res = await deps.api.request(`${deps.registry.deps.publicUrl}/v0.1/servers?version=latest&limit=1`);
    const body = res.ok ? ((await res.json()) as { servers?: Array<{ server?: { name?: string } }> }) : {};
    const example = body.servers?.[0]?.server?.name;
    return sendPage(
      c,
      <ApiPage base={deps.registry.deps.publicUrl} example={example} namespace={deps.namespace} />,
    );
  });
  return app;
}
