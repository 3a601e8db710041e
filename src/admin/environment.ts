import { usageError } from "../core/errors.js";
import { parseDatabaseUrl } from "../db/open-database.js";
import { parseAllowlist } from "../registry/checks/address-guard.js";

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

/**
 * SEED, as `serve` reads it: unset, empty or `1` seeds a new registry with the samples and then, in the
 * background, the real catalogs of catalogs/; `samples` only the samples; `0` nothing. Anything else is a
 * usage error.
 */
export function seedSettings(env: Env): { seed: boolean; catalogs: boolean } {
  const value = env.SEED ?? "";
  if (value === "" || value === "1") return { seed: true, catalogs: true };
  if (value === "samples") return { seed: true, catalogs: false };
  if (value === "0") return { seed: false, catalogs: false };
  throw usageError(
    `SEED must be 1, samples or 0, got "${value.slice(0, 40)}"`,
    "SEED=1 (or unset): the samples and the real catalogs; SEED=samples: the samples only; SEED=0: nothing",
  );
}

/**
 * The live checker's settings: CHECK_ALLOWLIST (hosts and CIDRs the SSRF guard lets through) and
 * CHECK_INTERVAL (seconds between the passes `serve` runs in-process; 0 turns them off; default 900) and
 * CHECK_BUNDLED (0: no check of bundled stdio servers at publish).
 */
export function checkSettings(env: Env) {
  const intervalText = env.CHECK_INTERVAL ?? "900";
  if (!/^\d{1,7}$/.test(intervalText)) {
    throw usageError(
      `CHECK_INTERVAL must be a number of seconds, got "${intervalText.slice(0, 40)}"`,
      "e.g. CHECK_INTERVAL=900 (every 15 minutes), or 0 to leave checks to `connectory-registry check`",
    );
  }
  return {
    allow: parseAllowlist(env.CHECK_ALLOWLIST),
    intervalMs: Number(intervalText) * 1000,
    /** CHECK_BUNDLED=0: do not start bundled servers (sandboxed) after a publish to check them. */
    bundled: env.CHECK_BUNDLED !== "0",
  };
}
