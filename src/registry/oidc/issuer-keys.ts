import type { JsonWebKey } from "node:crypto";
import { ConnectoryError } from "../../core/errors.js";
import { parseAllowlist } from "../address-guard.js";
import { guardedFetch } from "../checks/guarded-fetch.js";

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** How long an issuer's keys are kept before they are fetched again. */
const TTL_MS = 10 * 60_000;
/** An unknown `kid` refetches the keys (the issuer rotated), at most this often per issuer. */
const REFETCH_MS = 30_000;

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?(\/|$)/;

/**
 * The signing keys of the issuers the registry trusts: the discovery document
 * (`<issuer>/.well-known/openid-configuration`) names the JWKS, which is cached. Fetches go through the
 * checker's SSRF guard; only an http:// loopback issuer (a test issuer) may be reached on loopback.
 */
export class IssuerKeys {
  private readonly cache = new Map<string, { keys: JsonWebKey[]; at: number }>();
  private readonly fetchFor: (issuer: string) => FetchLike;

  constructor(private readonly options: { now?: () => number; fetch?: (issuer: string) => FetchLike } = {}) {
    const publicOnly = guardedFetch({ allow: parseAllowlist(""), maxBytes: 256 * 1024 });
    const loopback = guardedFetch({ allow: parseAllowlist("127.0.0.1,::1,localhost"), maxBytes: 256 * 1024 });
    this.fetchFor = options.fetch ?? ((issuer) => (LOOPBACK.test(issuer) ? loopback : publicOnly));
  }

  /** The issuer's keys; `fresh` refetches them unless that was done in the last 30 s. */
  async keys(issuer: string, fresh = false): Promise<JsonWebKey[]> {
    const now = this.options.now?.() ?? Date.now();
    const cached = this.cache.get(issuer);
    if (cached && now - cached.at < (fresh ? REFETCH_MS : TTL_MS)) return cached.keys;
    const keys = await this.fetchKeys(issuer);
    this.cache.set(issuer, { keys, at: now });
    return keys;
  }

  private async fetchKeys(issuer: string): Promise<JsonWebKey[]> {
    const fetchFn = this.fetchFor(issuer);
    const discovery = await getJson(fetchFn, `${issuer}/.well-known/openid-configuration`, issuer);
    if (typeof discovery.issuer !== "string" || discovery.issuer.replace(/\/+$/, "") !== issuer)
      throw unreachable(issuer, "its discovery document names another issuer");
    const jwksUri = discovery.jwks_uri;
    if (
      typeof jwksUri !== "string" ||
      !(jwksUri.startsWith("https://") || (LOOPBACK.test(issuer) && LOOPBACK.test(jwksUri)))
    )
      throw unreachable(issuer, "its discovery document has no https jwks_uri");
    const jwks = await getJson(fetchFn, jwksUri, issuer);
    if (!Array.isArray(jwks.keys)) throw unreachable(issuer, "its JWKS has no keys array");
    return (jwks.keys as unknown[]).filter((k): k is JsonWebKey => k !== null && typeof k === "object");
  }
}

async function getJson(fetchFn: FetchLike, url: string, issuer: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetchFn(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw unreachable(issuer, error instanceof Error ? error.message : String(error));
  }
  if (!res.ok) throw unreachable(issuer, `${url} answered ${res.status}`);
  try {
    const body: unknown = await res.json();
    if (body !== null && typeof body === "object") return body as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw unreachable(issuer, `${url} is not JSON`);
}

function unreachable(issuer: string, why: string): ConnectoryError {
  return new ConnectoryError("oidc.issuer.unreachable", `the keys of ${issuer} could not be read: ${why}`, {
    status: 502,
    hint: "try again shortly; operators: check that the registry can reach the issuer",
  });
}
