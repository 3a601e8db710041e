import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type ServerType } from "@hono/node-server";
import { createApp } from "../app.js";
import { createProofChecks } from "../registry/publishers/proof-checks.js";
import { checkNamespace } from "../core/official/names.js";
import { openDatabase } from "../db/open-database.js";
import type { RegistryRepository } from "../db/repository.js";
import type { Registry } from "../registry/registry.js";
import { scheduleQualityRefresh } from "../registry/quality-schedule.js";
import { createBundledChecker, type BundledChecker } from "../registry/checks/bundled-queue.js";
import { samplesDir, seedSamples } from "../registry/seed.js";
import {
  catalogsDir,
  planCatalogSeed,
  seedCatalogs,
  type CatalogSeedResult,
} from "../registry/import/seed-catalogs.js";
import { createBlobStore } from "../storage/create-blob-store.js";
import { withFastPath } from "./fast-path.js";
import { withOfficialFastPath } from "./official-fast-path.js";
import type { OfficialApi } from "../registry/official/official-api.js";
import { problem, problemResponse } from "./problem.js";

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
  /** Stops accepting connections, lets requests in flight finish, closes the database. */
  close(): Promise<void>;
}

/**
 * Listens first, answering every request 503 `starting` (with Retry-After); then opens the database
 * (applying its migrations), prepares the documents for the public URL and seeds if asked; only then
 * does the app take requests. GET /healthz is therefore 200 only once all of that has finished.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.namespace !== undefined) checkNamespace(options.namespace); // before anything is opened
  // The app needs the public URL, which with port 0 is known only once listening: until then, 503.
  // The env carries the node request (`incoming`): the client address for rate limits and download counts.
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    problemResponse(problem(503, "starting", "the registry is starting"), { "retry-after": "1" });
  let fastRegistry: Registry | undefined; // the fast path of GET /v1/connectors/:name, once ready
  let fastOfficial: OfficialApi | undefined; // and of GET /v0.1/servers/{name}/versions/{version}
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const listener = getRequestListener((request, env) => handler(request, env), {
      hostname: options.host,
    });
    const s = createServer(
      withOfficialFastPath(
        withFastPath(listener, () => fastRegistry),
        () => fastOfficial,
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
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    });
  let repo: RegistryRepository | undefined;
  let bundled: BundledChecker | undefined;
  try {
    await options.onListening?.(url);
    repo = await openDatabase(options.databaseUrl);
    const blobs = createBlobStore(options.storageDir, options.env ?? {});
    // A bundled check rescores the connector (docs/quality.md); the registry exists once the app does.
    let rescore: ((name: string) => Promise<unknown>) | undefined;
    bundled = options.bundledChecks
      ? createBundledChecker({
          repo,
          blobs,
          log: options.log,
          onEvidence: async (name) => void (await rescore?.(name)),
        })
      : undefined;
    const app = createApp({
      db: repo,
      blobs,
      ...(bundled ? { bundledChecks: bundled } : {}),
      publicUrl,
      ...(options.namespace ? { namespace: options.namespace } : {}),
      // PUBLISHER_PROOF_BASE_URL is for tests only: proof files come from there instead of https://<domain>.
      proofs: createProofChecks(
        options.env?.PUBLISHER_PROOF_BASE_URL ? { baseUrl: options.env.PUBLISHER_PROOF_BASE_URL } : {},
      ),
      log: (e) => options.log(`unexpected error: ${String((e as Error)?.stack ?? e)}`),
    });
    rescore = (name) => app.registry.refreshQuality(name);
    await app.registry.ready();
    const catalogs = options.seed && options.catalogs ? catalogsDir() : undefined;
    if (options.seed && options.catalogs && !catalogs)
      options.log("seed: no catalogs/ folder beside this registry: only the samples are seeded");
    // Decided before the samples land: a first start (an empty registry) or an unfinished catalog seed.
    const plan = catalogs ? await planCatalogSeed({ repo, dir: catalogs }) : undefined;
    const dir = options.seed ? samplesDir() : undefined;
    if (dir) {
      // In-process requests (app.request): the seed publishes while the port still answers 503.
      const seeded = await seedSamples({ app, repo, dir, now: () => new Date(), log: options.log });
      if (seeded.length > 0) options.log(`seeded ${seeded.length} sample connectors: ${seeded.join(", ")}`);
    }
    const stopQuality = scheduleQualityRefresh(app.registry, { log: options.log });
    handler = (request, env) => app.fetch(request, env);
    fastRegistry = app.registry;
    fastOfficial = app.official;
    const opened = repo;
    const checker = bundled;
    // The catalogs fill the marketplace while it serves; a shutdown waits for the step in flight.
    let stopping = false;
    const catalogSeed =
      plan && catalogs
        ? seedCatalogs({
            app,
            repo,
            dir: catalogs,
            plan,
            now: () => new Date(),
            log: options.log,
            stopped: () => stopping,
          }).catch((error: unknown) => {
            options.log(
              `seed: the catalogs were not all imported: ${String((error as Error)?.stack ?? error)}`,
            );
            return undefined;
          })
        : undefined;
    const close = async () => {
      stopping = true;
      await catalogSeed;
      await stopListening();
      await stopQuality();
      await checker?.close();
      await opened.close();
      await app.registry.deps.readme.close();
    };
    return { url, port, publicUrl, app, repo, ...(catalogSeed ? { catalogSeed } : {}), close };
  } catch (error) {
    await stopListening();
    await bundled?.close();
    await repo?.close();
    throw error;
  }
}
