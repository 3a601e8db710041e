import { createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { ConnectoryError } from "../../core/errors.js";

// A JWT's signature and standard claims, with node:crypto only: RS256 and ES256, the algorithms CI
// issuers sign with. Everything else (`none`, HS256 with a public key as the secret, …) is refused
// before any key is looked at.

/** A token larger than this is refused unread (real CI tokens are about 1-2 KiB). */
export const MAX_TOKEN_BYTES = 16 * 1024;
/** Clock skew allowed on exp, nbf and iat. */
export const SKEW_SECONDS = 60;

const ALGORITHMS = new Set(["RS256", "ES256"]);

/** A JWT split and decoded, its signature not yet checked. */
export interface DecodedJwt {
  header: { alg: string; kid?: string };
  claims: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

/** Splits and decodes a compact JWS; anything malformed is `oidc.token.malformed`. */
export function decodeJwt(token: string): DecodedJwt {
  if (token.length > MAX_TOKEN_BYTES) throw tokenError("oidc.token.malformed", "the token is too large");
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)))
    throw tokenError("oidc.token.malformed", "the token is not a compact JWT (three base64url parts)");
  const [h, p, s] = parts as [string, string, string];
  const header = json(h, "header");
  const claims = json(p, "payload");
  if (typeof header.alg !== "string") throw tokenError("oidc.token.malformed", "the token header has no alg");
  if (!ALGORITHMS.has(header.alg))
    throw tokenError(
      "oidc.token.alg",
      `the token is signed with "${header.alg.slice(0, 20)}", not RS256 or ES256`,
    );
  const kid = typeof header.kid === "string" ? header.kid : undefined;
  return {
    header: { alg: header.alg, ...(kid !== undefined ? { kid } : {}) },
    claims,
    signingInput: `${h}.${p}`,
    signature: Buffer.from(s, "base64url"),
  };
}

function json(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw tokenError("oidc.token.malformed", `the token ${what} is not a JSON object`);
}

/** True when one of `keys` (the issuer's JWKS) verifies the token's signature. */
export function verifySignature(jwt: DecodedJwt, keys: readonly JsonWebKey[]): boolean {
  const es = jwt.header.alg === "ES256";
  const usable = keys.filter(
    (k) =>
      (jwt.header.kid === undefined || k.kid === jwt.header.kid) &&
      (k.alg === undefined || k.alg === jwt.header.alg) &&
      (k.use === undefined || k.use === "sig") &&
      (es ? k.kty === "EC" && k.crv === "P-256" : k.kty === "RSA"),
  );
  return usable.some((jwk) => {
    try {
      const key = createPublicKey({ key: jwk, format: "jwk" });
      return verify(
        "sha256",
        Buffer.from(jwt.signingInput),
        es ? { key, dsaEncoding: "ieee-p1363" } : key,
        jwt.signature,
      );
    } catch {
      return false; // a key the JWKS lists but node cannot read verifies nothing
    }
  });
}

/** Checks iss, aud, exp, nbf and iat against the expected issuer, audience and clock (seconds). */
export function checkClaims(
  claims: Record<string, unknown>,
  expected: { issuer: string; audience: string; nowSeconds: number },
): void {
  const issuer = typeof claims.iss === "string" ? claims.iss.replace(/\/+$/, "") : undefined;
  if (issuer !== expected.issuer)
    throw tokenError("oidc.token.issuer", `the token's issuer is not ${expected.issuer}`);
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.some((a) => typeof a === "string" && a.replace(/\/+$/, "") === expected.audience))
    throw tokenError(
      "oidc.token.audience",
      `the token's audience is not this registry (${expected.audience})`,
      `request the ID token with audience ${expected.audience}`,
    );
  const now = expected.nowSeconds;
  const exp = claims.exp;
  if (typeof exp !== "number") throw tokenError("oidc.token.malformed", "the token has no exp");
  if (now > exp + SKEW_SECONDS)
    throw tokenError("oidc.token.expired", "the token has expired", "request a fresh ID token");
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || now + SKEW_SECONDS < claims.nbf))
    throw tokenError("oidc.token.not-yet-valid", "the token is not valid yet (nbf is in the future)");
  if (typeof claims.iat !== "number" || now + SKEW_SECONDS < claims.iat)
    throw tokenError("oidc.token.iat", "the token has no iat, or was issued in the future");
}

/** A refused CI token: 401 with a stable code. */
export function tokenError(code: string, message: string, hint?: string): ConnectoryError {
  return new ConnectoryError(code, message, {
    status: 401,
    hint: hint ?? "publish from the CI workflow the connector is bound to, with a fresh ID token",
  });
}
