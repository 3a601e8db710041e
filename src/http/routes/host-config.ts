import { Hono } from "hono";
import { ConnectoryError } from "../../core/errors.js";
import { nativeInstall } from "../../core/host-catalogs/install-command.js";
import { getHost, HOST_IDS } from "../../core/hosts/index.js";
import { type CredentialRef } from "../../core/hosts/types.js";
import type { HostConfigDocument } from "../../core/api/documents.js";
import type { Registry } from "../../registry/registry.js";

/**
 * GET /v1/connectors/:name/:version/config?host=<host>: one-click snippets (and deeplinks) for a host,
 * credentials as the host's own references or placeholders. Not installed yet, so bundled servers
 * show a <PLUGIN_ROOT> placeholder and unsupported transports `connectory run <server>`.
 */
export function hostConfigRoutes(registry: Registry): Hono {
  const app = new Hono();
  app.get("/v1/connectors/:name/:version/config", async (c) => {
    const host = c.req.query("host");
    if (!host) {
      throw new ConnectoryError("host.missing", "the host query parameter is required", {
        hint: `add ?host=<one of ${HOST_IDS.join(", ")}>`,
      });
    }
    const adapter = getHost(host);
    const doc = await registry.readVersion(c.req.param("name"), c.req.param("version"));
    const credentials: CredentialRef[] = Object.entries(doc.tokenSchema?.properties ?? {}).map(
      ([key, p]) => ({
        key,
        secret: p.secret === true,
        ...(p.title ? { title: p.title } : {}),
      }),
    );
    // Loaded at the first request: writing a snippet's text brings the TOML and YAML libraries, which a
    // registry start does not need (issue 29).
    const { hostSnippet } = await import("../../core/hosts/snippet.js");
    const launcher = { command: "connectory", args: [] };
    const snippets = Object.entries(doc.mcp.mcpServers).map(([server, template]) => ({
      server,
      ...hostSnippet(adapter, server, template, { server, credentials, launcher }),
    }));
    const install = nativeInstall(adapter.id, {
      name: doc.name,
      version: doc.version,
      publicUrl: registry.deps.publicUrl,
      marketplace: registry.marketplaceName,
      content: doc,
    });
    return c.json({
      name: doc.name,
      version: doc.version,
      host: adapter.id,
      snippets,
      ...(install ? { install } : {}),
    } satisfies HostConfigDocument);
  });
  return app;
}
