import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type ServerType } from "@hono/node-server";
import { createApp } from "../app.js";
import { openDatabase } from "../db/open-database.js";
import type { RegistryRepository } from "../db/repository.js";
import type { Registry } from "../registry/registry.js";
import { samplesDir, seedSamples } from "../registry/seed.js";
import { createBlobStore } from "../storage/create-blob-store.js";
import { withFastPath } from "./fast-path.js";
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
  /** Seed an empty registry with plugins-sample/. */
  seed: boolean;
  log: (message: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  publicUrl: string;
  app: ReturnType<typeof createApp>;
  repo: RegistryRepository;
  /** Stops accepting connections, lets requests in flight finish, closes the database. */
  close(): Promise<void>;
}

/** Opens the database and blob store, listens, prepares documents, seeds if asked. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const repo = await openDatabase(options.databaseUrl);
  const blobs = createBlobStore(options.storageDir, options.env ?? {});
  // The app needs the public URL, which with port 0 is known only once listening: until then, 503.
  // The env carries the node request (`incoming`): the client address for rate limits and download counts.
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    problemResponse(problem(503, "starting", "the registry is starting"), { "retry-after": "1" });
  let fastRegistry: Registry | undefined; // the fast path of GET /v1/connectors/:name, once ready
  let server: ServerType;
  let port: number;
  try {
    ({ server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
      const listener = getRequestListener((request, env) => handler(request, env), {
        hostname: options.host,
      });
      const s = createServer(withFastPath(listener, () => fastRegistry));
      s.once("error", reject);
      s.listen(options.port, options.host, () =>
        resolve({ server: s, port: (s.address() as AddressInfo).port }),
      );
    }));
  } catch (error) {
    await repo.close();
    throw error;
  }
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  const publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "");
  const app = createApp({
    db: repo,
    blobs,
    publicUrl,
    log: (e) => options.log(`unexpected error: ${String((e as Error)?.stack ?? e)}`),
  });
  const close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    });
    await repo.close();
    await app.registry.deps.readme.close();
  };
  try {
    await app.registry.ready();
    handler = (request, env) => app.fetch(request, env);
    fastRegistry = app.registry;
    const dir = options.seed ? samplesDir() : undefined;
    if (dir) {
      const seeded = await seedSamples({ app, repo, dir, now: () => new Date(), log: options.log });
      if (seeded.length > 0) options.log(`seeded ${seeded.length} sample connectors: ${seeded.join(", ")}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url, port, publicUrl, app, repo, close };
}
