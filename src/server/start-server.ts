import { checkMarketplaceName } from "../core/host-catalogs/claude-marketplace.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.js";
import { createProofChecks } from "../registry/publishers/proof-checks.js";
import { checkNamespace } from "../core/official/names.js";
import { parseIssuers } from "../core/oidc/bindings.js";
import { openDatabase } from "../db/open-database.js";
import type { RegistryRepository } from "../db/repository.js";
import type { Registry } from "../registry/registry.js";
import { scheduleQualityRefresh } from "../registry/quality-schedule.js";
import { createBundledChecker, type BundledChecker } from "../registry/checks/bundled-queue.js";
import { samplesDir } from "../registry/seed.js";
import { startSeed } from "../registry/seed-job.js";
import { catalogsDir, planCatalogSeed, type CatalogSeedResult } from "../registry/import/seed-catalogs.js";
import { createBlobStore } from "../storage/create-blob-store.js";
import { loadSigningKey } from "../registry/signing/load-signing-key.js";
import { withFastPath } from "../http/fast-path.js";
import { withTelemetry } from "../http/telemetry-listener.js";
import { loadTelemetry } from "../telemetry/load-telemetry.js";
import { withOfficialFastPath } from "../http/official-fast-path.js";
import type { OfficialApi } from "../registry/official/official-api.js";
import { problem, problemResponse } from "../request/problem.js";
import type { ClientAddressRule } from "../request/client-address.js";

/** How long a shutdown waits for requests in flight before it cuts their connections. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

function isHealthCheck(request: Request): boolean {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return HEALTH_PATHS.has(end < 0 ? url.slice(start) : url.slice(start, end));
}

function drainingResponse(): Response {
  return problemResponse(problem(503, "draining", "this registry process is shutting down"), {
    "retry-after": "1",
    "cache-control": "no-store",
  });
}

export interface ServerOptions {
  port: number;
  host: string;
  databaseUrl: string;
  /** A folder, `memory:`, or `s3://bucket/prefix` (STORAGE_URL). */
  storageDir: string;
  /** The AWS_* variables an s3:// store is configured from. */
  env?: Record<string, string | undefined>;
  /** Defaults to http://<host>:<port actually bound>. */
  publicUrl?: string;
  /** The namespace of official registry names (REGISTRY_NAMESPACE); default dev.connectory. */
  namespace?: string;
  /** The Claude Code marketplace's name (MARKETPLACE_NAME); default `connectory`. */
  marketplaceName?: string;
  /** Whose word about the client's address is taken (TRUSTED_PROXIES); default: the socket's peer. */
  clientRule?: ClientAddressRule;
  /** Seed an empty registry with plugins-sample/. */
  seed: boolean;
  /**
   * Also import the real catalogs of catalogs/ (SEED unset or 1 for `serve`; off unless asked here), in
   * the background once the server is ready: a new registry, or one whose catalog seed is unfinished.
   */
  catalogs?: boolean;
  /** Check bundled stdio servers at publish, sandboxed, in the background (CHECK_BUNDLED; default off). */
  bundledChecks?: boolean;
  log: (message: string) => void;
  /**
   * Aborted when the process is asked to stop (serve: SIGTERM, SIGINT): a start-up rebuild of every document
   * stops between connectors, and startServer rejects with `registry.stopped`.
   */
  stopping?: AbortSignal;
  /** The registry's version (the telemetry resource's service.version). */
  version?: string;
  /**
   * Called (and awaited) once the port is bound, before the migrations: the server answers 503 meanwhile.
   * A test seam for readiness.
   */
  onListening?: (url: string) => Promise<void> | void;
}

export interface RunningServer {
  url: string;
  port: number;
  publicUrl: string;
  app: ReturnType<typeof createApp>;
  repo: RegistryRepository;
  /** The background import of the catalogs, when this start runs one (resolves when it ends or stops). */
  catalogSeed?: Promise<CatalogSeedResult | undefined>;
  /**
   * Starts draining: /healthz and /readyz answer 503 `draining` (so a balancer takes this process out)
   * while every other request is still served. close() stops accepting.
   */
  drain(): void;
  /**
   * Stops accepting connections, lets requests in flight finish (publishes included; after `timeoutMs`,
   * default 30 s, the connections still open are cut), then closes the database.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Listens first, answering every request 503 `starting` (with Retry-After); then opens the database
 * (applying its migrations), prepares the documents for the public URL and seeds if asked; only then
 * does the app take requests. GET /healthz is therefore 200 only once all of that has finished.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.namespace !== undefined) checkNamespace(options.namespace); // before anything is opened
  if (options.marketplaceName !== undefined) checkMarketplaceName(options.marketplaceName);
  const oidcIssuers = parseIssuers(options.env?.OIDC_ISSUERS); // a bad OIDC_ISSUERS stops the start
  // The app needs the public URL, which with port 0 is known only once listening: until then, 503.
  // The env carries the node request (`incoming`): the client address for rate limits and download counts.
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    problemResponse(problem(503, "starting", "the registry is starting"), { "retry-after": "1" });
  let fastRegistry: Registry | undefined; // the fast path of GET /v1/connectors/:name, once ready
  let fastOfficial: OfficialApi | undefined; // and of GET /v0.1/servers/{name}/versions/{version}
  let draining = false;
  // Requests the app is still working on, also those whose client has gone: the database is closed only
  // once none is left, so a publish in flight commits or rolls back whole (close()).
  let inFlight = 0;
  const tracked = async (request: Request, env: unknown): Promise<Response> => {
    inFlight++;
    try {
      return await handler(request, env);
    } finally {
      inFlight--;
    }
  };
  const settled = async (deadline: number) => {
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  // OTEL_* in the environment: HTTP server spans and request metrics (nothing is loaded without them).
  const telemetry = await loadTelemetry(
    options.env ?? {},
    "connectory-registry",
    options.version ?? "0.0.0",
    options.log,
  );
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const listener = getRequestListener(
      (request, env) => (draining && isHealthCheck(request) ? drainingResponse() : tracked(request, env)),
      { hostname: options.host },
    );
    const s = createServer(
      withTelemetry(
        withOfficialFastPath(
          withFastPath(listener, () => fastRegistry),
          () => fastOfficial,
        ),
        telemetry,
      ),
    );
    s.once("error", reject);
    s.listen(options.port, options.host, () =>
      resolve({ server: s, port: (s.address() as AddressInfo).port }),
    );
  });
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  const publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "");
  const stopListening = (timeoutMs = SHUTDOWN_TIMEOUT_MS) =>
    new Promise<void>((resolve) => {
      draining = true;
      const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    });
  let repo: RegistryRepository | undefined;
  let bundled: BundledChecker | undefined;
  try {
    await options.onListening?.(url);
    const key = await loadSigningKey(options.env ?? {}, options.databaseUrl);
    if (key.created)
      options.log(
        `created the registry's signing key ${key.signer.keyid} in ${key.created} (docs/deploy.md, "Signing keys")`,
      );
    repo = await openDatabase(options.databaseUrl);
    const blobs = createBlobStore(options.storageDir, options.env ?? {});
    // A bundled check rescores the connector (docs/quality.md); the registry exists once the app does.
    let rescore: ((name: string) => Promise<unknown>) | undefined;
    let registry: Registry | undefined; // for the tool snapshots the bundled checks take

    bundled = options.bundledChecks
      ? createBundledChecker({
          repo,
          blobs,
          log: options.log,
          onEvidence: async (name) => void (await rescore?.(name)),
          onSnapshot: (name, version, snapshot) => registry?.recordToolSnapshot({ name, version, snapshot }),
        })
      : undefined;
    const app = createApp({
      db: repo,
      blobs,
      ...(bundled ? { bundledChecks: bundled } : {}),
      publicUrl,
      signer: key.signer,
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...(options.marketplaceName ? { marketplaceName: options.marketplaceName } : {}),
      ...(options.clientRule ? { clientRule: options.clientRule } : {}),
      oidcIssuers,
      // PUBLISHER_PROOF_BASE_URL is for tests only: proof files come from there instead of https://<domain>.
      proofs: createProofChecks(
        options.env?.PUBLISHER_PROOF_BASE_URL ? { baseUrl: options.env.PUBLISHER_PROOF_BASE_URL } : {},
      ),
      log: (e) => options.log(`unexpected error: ${String((e as Error)?.stack ?? e)}`),
      notice: options.log,
      ...(options.stopping ? { stopping: options.stopping } : {}),
    });
    rescore = (name) => app.registry.refreshQuality(name);
    registry = app.registry;
    await app.registry.ready();
    // Advice is a courtesy, given beside the start rather than before it: a server that cannot give it
    // (a permission, a lost connection) starts all the same.
    void repo.startupAdvice?.().then(
      (advice) => advice && options.log(advice),
      () => undefined,
    );
    const catalogs = options.seed && options.catalogs ? catalogsDir() : undefined;
    if (options.seed && options.catalogs && !catalogs)
      options.log("seed: no catalogs/ folder beside this registry: only the samples are seeded");
    const samples = options.seed ? samplesDir() : undefined;
    // Decided before the samples land: a first start (an empty registry) or an unfinished catalog seed.
    const plan = catalogs ? await planCatalogSeed({ repo, dir: catalogs }) : undefined;
    // One process seeds (the `seed` lease); it serves once the samples are in, the others at once.
    const seed =
      samples || plan
        ? startSeed({
            app,
            repo,
            ...(samples ? { samples } : {}),
            ...(plan && catalogs ? { catalogs } : {}),
            now: () => new Date(),
            log: options.log,
          })
        : undefined;
    await seed?.samplesReady;
    const stopQuality = scheduleQualityRefresh(app.registry, { repo, log: options.log });
    handler = (request, env) => app.fetch(request, env);
    fastRegistry = app.registry;
    fastOfficial = app.official;
    const opened = repo;
    const checker = bundled;
    const catalogSeed = plan ? seed?.done : undefined;
    const close = async (closeOptions: { timeoutMs?: number } = {}) => {
      seed?.stop(); // the catalog import stops after the step in flight
      await seed?.done;
      const deadline = Date.now() + (closeOptions.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
      await stopListening(closeOptions.timeoutMs);
      await settled(deadline);
      await stopQuality();
      await checker?.close();
      await opened.close();
      await app.registry.deps.readme.close();
      await telemetry?.shutdown();
    };
    const drain = () => void (draining = true);
    return { url, port, publicUrl, app, repo, ...(catalogSeed ? { catalogSeed } : {}), drain, close };
  } catch (error) {
    await stopListening();
    await bundled?.close();
    await repo?.close();
    throw error;
  }
}
