import { usageError } from "../core/errors.js";
import { parseDatabaseUrl } from "../db/open-database.js";
import { parseAllowlist } from "../registry/address-guard.js";
import { parseTrustedProxies } from "../core/net/forwarded.js";
import type { ClientAddressRule } from "../request/client-address.js";

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
    ...(env.MARKETPLACE_NAME ? { marketplaceName: env.MARKETPLACE_NAME } : {}),
    seed: env.SEED !== "0",
    clientRule: clientRuleSettings(env),
  };
}

/**
 * TRUSTED_PROXIES (CIDRs, addresses, `loopback`/`linklocal`/`uniquelocal`, or a hop count) and
 * TRUSTED_PROXY_HEADER (`x-forwarded-for`, the default, or `forwarded`): whose word about the client's
 * address is taken (docs/deploy.md, "Behind a load balancer").
 */
export function clientRuleSettings(env: Env): ClientAddressRule {
  let trust;
  try {
    trust = parseTrustedProxies(env.TRUSTED_PROXIES);
  } catch (error) {
    throw usageError(
      `TRUSTED_PROXIES: ${(error as Error).message}`,
      "e.g. TRUSTED_PROXIES=10.0.0.0/8,loopback (the balancers' addresses) or TRUSTED_PROXIES=1 (one proxy in front)",
    );
  }
  const header = (env.TRUSTED_PROXY_HEADER || "x-forwarded-for").toLowerCase();
  if (header !== "x-forwarded-for" && header !== "forwarded") {
    throw usageError(
      `TRUSTED_PROXY_HEADER must be x-forwarded-for or forwarded, got "${header.slice(0, 40)}"`,
      "name the header your proxies write: X-Forwarded-For (nginx, most balancers) or RFC 7239 Forwarded",
    );
  }
  return { trust, header };
}

/**
 * DRAIN_SECONDS (how long a stopping process keeps serving while its health checks say 503, so the
 * balancer takes it out first; default 0) and SHUTDOWN_TIMEOUT (seconds requests in flight get to finish
 * before their connections are cut; default 30).
 */
export function shutdownSettings(env: Env): { drainMs: number; timeoutMs: number } {
  const seconds = (name: string, fallback: string) => {
    const text = env[name] || fallback;
    if (!/^\d{1,5}$/.test(text))
      throw usageError(
        `${name} must be a number of seconds, got "${text.slice(0, 40)}"`,
        `e.g. ${name}=${fallback}`,
      );
    return Number(text) * 1000;
  };
  return { drainMs: seconds("DRAIN_SECONDS", "0"), timeoutMs: seconds("SHUTDOWN_TIMEOUT", "30") };
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

/**
 * Continuous mirroring (docs/deploy.md, "Mirroring"): MIRROR_URLS, the comma-separated base URLs of
 * registries that speak the official API (another Connectory registry is one), and MIRROR_INTERVAL, the
 * seconds between passes (default 300; 0 turns mirroring off).
 */
export function mirrorSettings(env: Env): { upstreams: string[]; intervalMs: number } {
  const upstreams = (env.MIRROR_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter((u) => u !== "");
  for (const u of upstreams) {
    let ok = false;
    try {
      const url = new URL(u);
      ok = (url.protocol === "https:" || url.protocol === "http:") && url.search === "" && url.hash === "";
    } catch {
      ok = false;
    }
    if (!ok)
      throw usageError(
        `MIRROR_URLS holds "${u.slice(0, 80)}", which is not an http(s) base URL`,
        "e.g. MIRROR_URLS=https://registry.modelcontextprotocol.io,https://connectory.example.com",
      );
  }
  const intervalText = env.MIRROR_INTERVAL ?? "300";
  if (!/^\d{1,7}$/.test(intervalText))
    throw usageError(
      `MIRROR_INTERVAL must be a number of seconds, got "${intervalText.slice(0, 40)}"`,
      "e.g. MIRROR_INTERVAL=300 (every 5 minutes), or 0 to stop mirroring",
    );
  return { upstreams, intervalMs: Number(intervalText) * 1000 };
}
