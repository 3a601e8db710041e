import { describe, objectOf } from "../home/json-file.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * One OAuth sign-in as credentials.json (or the keychain) keeps it, under `oauth["<server URL>"]`.
 * Bound to the server URL it was obtained for and the issuer that issued it: `run` sends the access
 * token only to `url` and the refresh token only to the token endpoint of `issuer`'s metadata.
 */
export interface OAuthRecord {
  /** The MCP server URL (the key, repeated so a moved record is detected). */
  url: string;
  /** The authorization server's issuer identifier (RFC 8414), checked at sign-in. */
  issuer: string;
  /** The RFC 8707 resource indicator sent in the authorization and token requests. */
  resource?: string;
  /** Where the protected resource metadata was found (RFC 9728). */
  resourceMetadataUrl?: string;
  /** The authorization server metadata as vetted at sign-in (endpoints on the issuer's origin). */
  metadata: Record<string, unknown>;
  /** The client: a declared client id, a client ID metadata document URL, or a DCR registration. */
  client: Record<string, unknown>;
  /** How the client id was obtained. */
  registration: "declared" | "metadata-document" | "dynamic";
  /** The loopback redirect URI the client used (its port changes at every sign-in). */
  redirectUri: string;
  /** The token response as the SDK saw it, stamped with `issuer`. Secret. */
  tokens: { access_token: string; token_type: string; refresh_token?: string; scope?: string } & Record<
    string,
    unknown
  >;
  /** The scopes granted (the token response's `scope`, else those requested). */
  scopes: string[];
  /** ISO time the access token expires, when the server said (`expires_in`). */
  expiresAt?: string;
  /** ISO time of the sign-in, and of the last refresh. */
  signedInAt: string;
  refreshedAt?: string;
}

/** Shape check for credentials.json's `oauth` section; messages name keys, never values. */
export const checkOAuthRecords = objectOf("an object of OAuth sign-ins by server URL", (r) => {
  if (!isObject(r)) return `is ${describe(r)}, not a sign-in`;
  for (const key of ["url", "issuer", "redirectUri", "signedInAt"]) {
    if (typeof r[key] !== "string") return `has no "${key}" text`;
  }
  if (!isObject(r.tokens) || typeof r.tokens.access_token !== "string")
    return 'has no "tokens" with an access token';
  if (!isObject(r.metadata) || !isObject(r.client)) return 'has no "metadata" or "client" object';
  if (!Array.isArray(r.scopes) || r.scopes.some((s) => typeof s !== "string"))
    return 'has "scopes" that is not a list of text';
  return undefined;
});
