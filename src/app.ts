import { Hono } from "hono";
import type { RegistryRepository } from "./db/repository.js";
import { authRateLimit } from "./http/auth-rate-limit.js";
import { ReportLimiter, reportRateLimit } from "./http/report-rate-limit.js";
import { installErrorEdge } from "./http/error-edge.js";
import { registerRoutes } from "./http/routes/index.js";
import { officialRoutes } from "./http/routes/official.js";
import { serverJsonRoutes } from "./http/routes/server-json.js";
import { createOfficialApi, type OfficialApi } from "./registry/official/official-api.js";
import { createRegistry, type Registry } from "./registry/registry.js";
import type { BundledChecker } from "./registry/checks/bundled-queue.js";
import type { ProofChecks } from "./registry/publishers/proof-checks.js";
import type { BlobStore } from "./storage/blob-store.js";
import { createWebRoutes, webNotFound } from "../web/index.js";

export interface AppDeps {
  db: RegistryRepository;
  blobs: BlobStore;
  /** Base of absolute URLs in documents (PUBLIC_URL), e.g. https://registry.example.com */
  publicUrl: string;
  now?: () => Date;
  /** The namespace of official registry names (REGISTRY_NAMESPACE, reverse-DNS); default dev.connectory. */
  namespace?: string;
  /** How domain proofs are looked for (tests: a local server and a TXT double); default HTTPS and DNS. */
  proofs?: ProofChecks;
  /** Where unexpected errors (bugs) are reported; default stderr. */
  log?: (error: unknown) => void;
  /** Checks bundled stdio servers after each publish, in the background (src/registry/checks/). */
  bundledChecks?: BundledChecker;
}

/** The registry's HTTP app: wiring only, no I/O until a request arrives. */
export function createApp(deps: AppDeps): Hono & { registry: Registry; official: OfficialApi } {
  const registry = createRegistry({
    repo: deps.db,
    blobs: deps.blobs,
    publicUrl: deps.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.proofs ? { proofs: deps.proofs } : {}),
  });
  const log = deps.log ?? ((error) => console.error("connectory registry: unexpected error:", error));
  const official = createOfficialApi(registry, deps.namespace);
  // A published version's MCP Bundles are built right away; if that fails, the first request builds them.
  const publish = registry.publish;
  registry.publish = async (input) => {
    const result = await publish(input);
    await official.buildBundles(result.name, result.version).catch(log);
    deps.bundledChecks?.enqueue(result.name, result.version); // queued: the answer does not wait for it
    return result;
  };
  const app = new Hono();
  installErrorEdge(app, log, webNotFound);
  const clock = deps.now;
  app.use("/v1/*", authRateLimit(clock ? { now: () => clock().getTime() } : {})); // 429 after failed logins
  // Reports are anonymous: 5 an hour per address, the API and the web form counted together.
  const reports = new ReportLimiter(clock ? { now: () => clock().getTime() } : {});
  app.use("/v1/connectors/:name/:version/reports", reportRateLimit(reports));
  app.route("/", officialRoutes(official)); // the official MCP Registry API (/v0.1, /v0)
  app.route("/", serverJsonRoutes(official));
  registerRoutes(app, registry);
  app.route("/", createWebRoutes({ registry, api: app, reports })); // the web marketplace (web/), after the API
  return Object.assign(app, { registry, official });
}
