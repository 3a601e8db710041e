import { startServer } from "./http/start-server.js";

// The registry's entry point (`npm start`): the only place that reads the environment or exits.
const env = process.env;
const log = (message: string) => process.stderr.write(`${message}\n`);

const portText = env.PORT ?? "8787";
if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
  log(`connectory registry: PORT must be a port number, got "${portText}"`);
  process.exit(2);
}

try {
  const server = await startServer({
    port: Number(portText),
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || "./data/registry.db",
    storageDir: env.STORAGE_URL || env.STORAGE_DIR || "./data/blobs",
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.REGISTRY_NAMESPACE ? { namespace: env.REGISTRY_NAMESPACE } : {}),
    env,
    seed: env.SEED !== "0",
    log,
  });
  process.stdout.write(`Connectory registry listening on ${server.url} (public URL ${server.publicUrl})\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  log(`connectory registry: could not start: ${(error as Error).message ?? String(error)}`);
  process.exit(1);
}
