import { randomBytes } from "node:crypto";
import { ConnectoryError } from "../../core/errors.js";
import { matchBinding } from "../../core/oidc/bindings.js";
import { ClaimsError, ciIdentity, provenanceOf } from "../../core/oidc/ci-claims.js";
import type { RegistryDeps } from "../context.js";
import { checkName } from "../names.js";
import { EXCHANGED_PREFIX, hashToken } from "../tokens.js";
import { SKEW_SECONDS, checkClaims, decodeJwt, tokenError, verifySignature } from "./verify-jwt.js";

/** How long an exchanged publish token lives (as PyPI's). */
export const EXCHANGED_TTL_MS = 15 * 60_000;

/** The answer of POST /v1/oidc/token. */
export interface ExchangedToken {
  token: string;
  expiresAt: string;
  connector: string;
  publisher: string;
}

/**
 * Trusted publishing's exchange (docs/publishers.md): a CI ID token, verified against its issuer's keys
 * and claims, and matched to one of the connector's trusted publishers, becomes a publish token for that
 * connector only, valid 15 minutes and stored as its hash. Each CI token is exchanged once (its `jti`).
 */
export async function exchangeToken(deps: RegistryDeps, body: unknown): Promise<ExchangedToken> {
  const { token, connector: given } = readBody(body);
  const connector = checkName(given);
  const jwt = decodeJwt(token);
  const issuer = typeof jwt.claims.iss === "string" ? jwt.claims.iss.replace(/\/+$/, "") : "";
  if (!deps.oidc.issuers.includes(issuer))
    throw tokenError(
      "oidc.token.issuer",
      `the token's issuer ${issuer.slice(0, 100) || "(none)"} is not one this registry trusts`,
      `trusted issuers: ${deps.oidc.issuers.join(", ") || "none"}`,
    );
  let keys = await deps.oidc.keys.keys(issuer);
  if (!verifySignature(jwt, keys)) {
    // The issuer may have rotated its keys since they were cached: read them again once.
    keys = await deps.oidc.keys.keys(issuer, true);
    if (!verifySignature(jwt, keys))
      throw tokenError("oidc.token.signature", `the token is not signed by a key ${issuer} publishes`);
  }
  const now = deps.now();
  checkClaims(jwt.claims, { issuer, audience: deps.publicUrl, nowSeconds: Math.floor(now.getTime() / 1000) });
  let identity;
  try {
    identity = ciIdentity(jwt.claims, issuer);
  } catch (error) {
    if (error instanceof ClaimsError) throw tokenError("oidc.token.claims", error.message);
    throw error;
  }
  const repo = deps.repo.trustedPublishing;
  const binding = matchBinding(identity, connector, await repo.list({ connector }));
  const existing = await deps.repo.connectorDocument(connector);
  const owner = existing ? (JSON.parse(existing.body) as { publisher: string }).publisher : undefined;
  if (owner !== undefined && owner !== binding.publisher)
    throw new ConnectoryError(
      "oidc.publisher.stale",
      `"${connector}" belongs to ${owner}, not to ${binding.publisher} who added this trusted publisher`,
      { status: 403, hint: `${owner} adds a trusted publisher for it` },
    );
  const exp = jwt.claims.exp as number;
  const expiresAt = new Date((exp + SKEW_SECONDS) * 1000).toISOString();
  if (!(await repo.claimJti({ issuer, jti: identity.jti, expiresAt, now: now.toISOString() })))
    throw tokenError(
      "oidc.token.replayed",
      "this ID token was already exchanged",
      "request a fresh ID token",
    );
  if (binding.repositoryOwnerId === null && identity.repositoryOwnerId !== undefined)
    await repo.setRepositoryOwnerId(binding.id, identity.repositoryOwnerId);
  const secret = EXCHANGED_PREFIX + randomBytes(32).toString("base64url");
  const until = new Date(now.getTime() + EXCHANGED_TTL_MS).toISOString();
  await repo.createToken({
    hash: hashToken(secret),
    publisherId: binding.publisherId,
    publisher: binding.publisher,
    connector,
    provenance: JSON.stringify(provenanceOf(identity)),
    createdAt: now.toISOString(),
    expiresAt: until,
  });
  return { token: secret, expiresAt: until, connector, publisher: binding.publisher };
}

function readBody(body: unknown): { token: string; connector: string } {
  const b = body as { token?: unknown; connector?: unknown } | null;
  if (b === null || typeof b !== "object" || typeof b.token !== "string" || typeof b.connector !== "string")
    throw new ConnectoryError(
      "oidc.request.invalid",
      'the body must be {"token": "<CI ID token>", "connector": "<name>"}',
      {
        hint: "send the CI's OIDC ID token (audience: this registry's URL) and the connector to publish",
      },
    );
  return { token: b.token, connector: b.connector };
}
