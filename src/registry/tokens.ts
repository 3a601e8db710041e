import { createHash, randomBytes } from "node:crypto";
import { ConnectoryError } from "../core/errors.js";
import type { BuildProvenance } from "../core/oidc/provenance.js";
import type { RegistryRepository } from "../db/repository.js";
import type { TokenOwner, TokenRow } from "../db/publisher-rows.js";

/** Every publish token starts with this, so secret scanners and people recognise one. */
export const TOKEN_PREFIX = "cty_";
const TOKEN = /^cty_[A-Za-z0-9_-]{43}$/;
// Enough of the token to tell tokens apart in `token list`, far too little to guess the rest.
const SHOWN = TOKEN_PREFIX.length + 8;

/** How the database knows a token: the sha256 of the whole string. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a token for a publisher (created if new); the secret is returned once and never stored. */
export async function createToken(
  repo: RegistryRepository,
  input: { publisher: string; label?: string; now: Date; unclaimed?: boolean; upstreamNamespace?: string },
): Promise<{ token: string; row: TokenRow }> {
  const now = input.now.toISOString();
  // `unclaimed`: the importer's publishers (only when this creates the publisher).
  const publisher = await repo.ensurePublisher(
    input.publisher,
    now,
    input.unclaimed
      ? {
          unclaimed: true,
          ...(input.upstreamNamespace !== undefined ? { upstreamNamespace: input.upstreamNamespace } : {}),
        }
      : undefined,
  );
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await repo.createToken({
    publisherId: publisher.id,
    hash: hashToken(token),
    prefix: token.slice(0, SHOWN),
    label: input.label ?? null,
    createdAt: now,
  });
  return { token, row };
}

/** Revokes by id, listed prefix, or the whole token. */
export function revokeToken(repo: RegistryRepository, which: string, now: Date): Promise<TokenRow[]> {
  return repo.revokeTokens(TOKEN.test(which) ? which.slice(0, SHOWN) : which, now.toISOString());
}

/** Publish tokens from a CI token exchange (src/registry/oidc/) start with this. */
export const EXCHANGED_PREFIX = "ctyo_";
const EXCHANGED = /^ctyo_[A-Za-z0-9_-]{43}$/;

/**
 * Who a request acts for: the publisher a valid token belongs to. Services take it, never a header. An
 * exchanged token (trusted publishing) has a `scope`: it may publish that one connector only, and the
 * version records the build's provenance.
 */
export type Publisher = TokenOwner & { scope?: { connector: string; provenance: BuildProvenance } };

/** The publisher behind an `Authorization: Bearer cty_…` header; 401 otherwise (never says why a token failed). */
export async function authenticate(
  repo: RegistryRepository,
  header: string | undefined,
  now: Date = new Date(),
): Promise<Publisher> {
  if (header === undefined || header === "") {
    throw new ConnectoryError("auth.required", "this request needs a publish token", {
      status: 401,
      hint: "send `Authorization: Bearer <token>`; `connectory login <marketplace>` stores one",
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] && EXCHANGED.test(match[1])) {
    const found = await repo.trustedPublishing.findToken(hashToken(match[1]), now.toISOString());
    if (found) {
      const provenance = JSON.parse(found.provenance) as BuildProvenance;
      return {
        tokenId: 0,
        publisherId: found.publisherId,
        publisher: found.publisher,
        scope: { connector: found.connector, provenance },
      };
    }
  }
  const owner = match?.[1] && TOKEN.test(match[1]) ? await repo.findToken(hashToken(match[1])) : undefined;
  if (!owner) {
    throw new ConnectoryError(
      "auth.invalid",
      "the publish token is not valid (unknown, malformed or revoked)",
      {
        status: 401,
        hint: "ask the registry operator for a token (`connectory-registry token create --publisher <name>`)",
      },
    );
  }
  return owner;
}
