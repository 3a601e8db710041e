import type { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { connectorRoutes } from "./connectors.js";
import { distTagRoutes } from "./dist-tags.js";
import { hostCatalogRoutes } from "./host-catalogs.js";
import { hostConfigRoutes } from "./host-config.js";
import { metaRoutes } from "./meta.js";
import { publishRoutes } from "./publish.js";
import { reportRoutes } from "./reports.js";
import { publisherRoutes } from "./publisher.js";
import { toolRoutes } from "./tools.js";
import { trustedPublisherRoutes } from "./trusted-publishers.js";
import { transparencyRoutes } from "./transparency.js";
import { versionRoutes } from "./versions.js";

/**
 * Every API route, one file per resource, registered here and only here. A new resource (e.g. the
 * host config snippets, GET /v1/connectors/:name/:version/config) adds its file and one line below.
 */
export function registerRoutes(app: Hono, registry: Registry): void {
  app.route("/", metaRoutes(registry));
  app.route("/", trustedPublisherRoutes(registry));
  app.route("/", transparencyRoutes(registry));
  app.route("/", distTagRoutes(registry));
  app.route("/", hostConfigRoutes(registry));
  app.route("/", hostCatalogRoutes(registry));
  app.route("/", versionRoutes(registry));
  app.route("/", toolRoutes(registry));
  app.route("/", publishRoutes(registry));
  app.route("/", reportRoutes(registry));
  app.route("/", publisherRoutes(registry));
  app.route("/", connectorRoutes(registry));
}
