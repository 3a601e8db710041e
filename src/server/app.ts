import { Hono } from "hono";
import type { RegistryRepository } from "../db/repository.js";
import { AUTH_FAILURE_LIMIT, authRateLimit } from "../request/auth-rate-limit.js";
import { clientAddressRule, DIRECT, type ClientAddressRule } from "../request/client-address.js";
import { REPORT_LIMIT, reportRateLimit } from "../request/report-rate-limit.js";
import { RateLimit } from "../registry/rate-limit.js";
import { installErrorEdge } from "../http/error-edge.js";
import { registerRoutes } from "../http/routes/index.js";
import { officialRoutes } from "../http/routes/official.js";
import { serverJsonRoutes } from "../http/routes/server-json.js";
import { createOfficialApi, type OfficialApi } from "../registry/official/official-api.js";
import { createRegistry, type Registry } from "../registry/registry.js";
import { followPublishes } from "../registry/after-publish.js";
import type { BundledChecker } from "../registry/checks/bundled-queue.js";
import type { IssuerKeys } from "../registry/oidc/issuer-keys.js";
import type { ProofChecks } from "../registry/publishers/proof-checks.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { RegistrySigner } from "../registry/signing/signer.js";
import { createWebRoutes, webNotFound } from "../web/index.js";

export interface AppDeps {
  db: RegistryRepository;
  blobs: BlobStore;
  /** Base of absolute URLs in documents (PUBLIC_URL), e.g. https://registry.example.com */
  publicUrl: string;
  now?: () => Date;
  /** The namespace of official registry names (REGISTRY_NAMESPACE, reverse-DNS); default dev.connectory. */
  namespace?: string;
  /** The Claude Code marketplace's name (MARKETPLACE_NAME); default `connectory`. */
  marketplaceName?: string;
  /** How domain proofs are looked for (tests: a local server and a TXT double); default HTTPS and DNS. */
  proofs?: ProofChecks;
  /** Where unexpected errors (bugs) are reported; default stderr. */
  log?: (error: unknown) => void;
  /** Where long start-up work (a rebuild of every document) is announced to the operator; default nowhere. */
  notice?: (message: string) => void;
  /** Aborted when the process is asked to stop: a start-up rebuild then stops between connectors. */
  stopping?: AbortSignal;
  /** Checks bundled stdio servers after each publish, in the background (src/registry/checks/). */
  bundledChecks?: BundledChecker;
  /** Which proxies in front are believed about the client's address (TRUSTED_PROXIES); default none. */
  clientRule?: ClientAddressRule;
  /** The CI issuers trusted for trusted publishing (OIDC_ISSUERS); default GitHub Actions and GitLab.com. */
  oidcIssuers?: readonly string[];
  /** How the issuers' keys are fetched (tests: a local issuer); default through the SSRF guard. */
  issuerKeys?: IssuerKeys;
  /** The key versions and checkpoints are signed with (docs/deploy.md); default a key held in memory only. */
  signer?: RegistrySigner;
}

/** The registry's HTTP app: wiring only, no I/O until a request arrives. */
export function createApp(deps: AppDeps): Hono & { registry: Registry; official: OfficialApi } {
  const registry = createRegistry({
    repo: deps.db,
    blobs: deps.blobs,
    publicUrl: deps.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.proofs ? { proofs: deps.proofs } : {}),
    ...(deps.oidcIssuers ? { oidcIssuers: deps.oidcIssuers } : {}),
    ...(deps.issuerKeys ? { issuerKeys: deps.issuerKeys } : {}),
    ...(deps.signer ? { signer: deps.signer } : {}),
    ...(deps.marketplaceName ? { marketplaceName: deps.marketplaceName } : {}),
    ...(deps.notice ? { notice: deps.notice } : {}),
    ...(deps.stopping ? { stopping: deps.stopping } : {}),
  });
  const log = deps.log ?? ((error) => console.error("connectory registry: unexpected error:", error));
  const official = createOfficialApi(registry, deps.namespace);
  followPublishes(registry, {
    official,
    log,
    ...(deps.bundledChecks ? { bundledChecks: deps.bundledChecks } : {}),
  });
  const app = new Hono();
  installErrorEdge(app, log, webNotFound);
  app.use(clientAddressRule(deps.clientRule ?? DIRECT)); // before every per-client rule
  const clock = deps.now;
  const now = clock ? { now: () => clock().getTime() } : {};
  // 429 after failed logins, counted in the database: one limit across every registry process.
  app.use("/v1/*", authRateLimit(new RateLimit(deps.db, { ...AUTH_FAILURE_LIMIT, ...now })));
  // Reports are anonymous: 5 an hour per address, the API and the web form counted together.
  const reports = new RateLimit(deps.db, { ...REPORT_LIMIT, ...now });
  app.use("/v1/connectors/:name/:version/reports", reportRateLimit(reports));
  app.route("/", officialRoutes(official)); // the official MCP Registry API (/v0.1, /v0)
  app.route("/", serverJsonRoutes(official));
  registerRoutes(app, registry);
  app.route("/", createWebRoutes({ registry, api: app, reports, namespace: official.namespace })); // the web marketplace (src/web/), after the API
  return Object.assign(app, { registry, official });
}
