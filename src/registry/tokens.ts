import { createHash, randomBytes } from "node:crypto";
import { ConnectoryError } from "../core/errors.js";
import type { RegistryRepository, TokenOwner, TokenRow } from "../db/repository.js";

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
  input: { publisher: string; label?: string; now: Date; unclaimed?: boolean },
): Promise<{ token: string; row: TokenRow }> {
  const now = input.now.toISOString();
  // `unclaimed`: the importer's publishers (only when this creates the publisher).
  const publisher = await repo.ensurePublisher(
    input.publisher,
    now,
    input.unclaimed ? { unclaimed: true } : undefined,
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

/** Who a request acts for: the publisher a valid token belongs to. Services take it, never a header. */
export type Publisher = TokenOwner;

/** The publisher behind an `Authorization: Bearer cty_…` header; 401 otherwise (never says why a token failed). */
export async function authenticate(
  repo: RegistryRepository,
  header: string | undefined,
): Promise<TokenOwner> {
  if (header === undefined || header === "") {
    throw new ConnectoryError("auth.required", "this request needs a publish token", {
      status: 401,
      hint: "send `Authorization: Bearer <token>`; `connectory login <marketplace>` stores one",
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
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
