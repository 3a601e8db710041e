import { Hono } from "hono";
import type { RegistryRepository } from "./db/repository.js";
import { authRateLimit } from "./http/auth-rate-limit.js";
import { installErrorEdge } from "./http/error-edge.js";
import { registerRoutes } from "./http/routes/index.js";
import { createRegistry, type Registry } from "./registry/registry.js";
import type { BlobStore } from "./storage/blob-store.js";
import { createWebRoutes, webNotFound } from "../web/index.js";

export interface AppDeps {
  db: RegistryRepository;
  blobs: BlobStore;
  /** Base of absolute URLs in documents (PUBLIC_URL), e.g. https://registry.example.com */
  publicUrl: string;
  now?: () => Date;
  /** Where unexpected errors (bugs) are reported; default stderr. */
  log?: (error: unknown) => void;
}

/** The registry's HTTP app: wiring only, no I/O until a request arrives. */
export function createApp(deps: AppDeps): Hono & { registry: Registry } {
  const registry = createRegistry({
    repo: deps.db,
    blobs: deps.blobs,
    publicUrl: deps.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const app = new Hono();
  installErrorEdge(
    app,
    deps.log ?? ((error) => console.error("connectory registry: unexpected error:", error)),
    webNotFound,
  );
  const clock = deps.now;
  app.use("/v1/*", authRateLimit(clock ? { now: () => clock().getTime() } : {})); // 429 after failed logins
  registerRoutes(app, registry);
  app.route("/", createWebRoutes({ registry, api: app })); // the web marketplace (web/), after the API
  return Object.assign(app, { registry });
}
