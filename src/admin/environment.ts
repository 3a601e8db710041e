import { usageError } from "../core/errors.js";
import { parseDatabaseUrl } from "../db/open-database.js";

type Env = Record<string, string | undefined>;

/** DATABASE_URL, as every command reads it (default ./data/registry.db, beside where it runs). */
export function databaseUrl(env: Env): string {
  return env.DATABASE_URL || "./data/registry.db";
}

/** What a database URL may show in output: its kind and, for SQLite, the file (a postgres URL may hold a password). */
export function describeDatabase(url: string): string {
  const { kind, location } = parseDatabaseUrl(url);
  return kind === "sqlite" ? `SQLite ${location}` : "PostgreSQL";
}

/** The settings `serve` reads from the environment; a bad PORT is a usage error naming the variable. */
export function serveSettings(env: Env) {
  const portText = env.PORT ?? "8787";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw usageError(
      `PORT must be a port number (0-65535), got "${portText.slice(0, 40)}"`,
      "e.g. PORT=8787, or PORT=0 for any free port",
    );
  }
  return {
    port: Number(portText),
    host: env.HOST || "127.0.0.1",
    databaseUrl: databaseUrl(env),
    storageDir: env.STORAGE_URL || env.STORAGE_DIR || "./data/blobs",
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.REGISTRY_NAMESPACE ? { namespace: env.REGISTRY_NAMESPACE } : {}),
    seed: env.SEED !== "0",
  };
}
