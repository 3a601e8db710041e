import { auth, extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed } from "@modelcontextprotocol/sdk/shared/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, say } from "../terminal/language.js";
import { discoverServer, type Discovered } from "./discovery.js";
import { LoginProvider, type DeclaredOAuth } from "./login-provider.js";
import { isLoopbackRedirect, startLoopback } from "./loopback.js";
import { cappedFetch } from "./capped-fetch.js";
import type { OAuthRecord } from "./oauth-record.js";

/** Step-up re-authorizations after a 403 insufficient_scope, at most. */
export const STEP_UP_LIMIT = 2;

export interface LoginOptions {
  serverUrl: string;
  declared: DeclaredOAuth;
  fetch: typeof fetch;
  /** Shows the authorization URL: opens the browser, or prints it (--no-browser). */
  open: (url: URL) => Promise<void>;
  now: () => Date;
  timeoutMs: number;
  /** Extra scope to ask for (--scope), added to what the spec's order chooses. */
  scope?: string;
  /** The stored sign-ins: a dynamic registration with the same issuer is reused instead of registering. */
  registrations?: OAuthRecord[];
  /** Says what the sign-in does on the side (registering again), on stderr. */
  notice?: (text: string) => void;
}

/** A stored dynamic registration to sign in with again: its client and the redirect URI it was made for. */
interface Reuse {
  client: OAuthClientInformationMixed;
  port: number;
}

/** The reused client was refused (unknown to the authorization server now): register and sign in again. */
class ReuseRefused extends Error {}

/**
 * The MCP authorization flow for one server, through the SDK's auth(): vetted discovery, client
 * registration in the specification's order (declared client id → client ID metadata document →
 * DCR), PKCE S256, `state` and RFC 9207 `iss` checked on the loopback callback, `resource` in both
 * requests. Then the token is tried on the server: a 403 insufficient_scope re-authorizes with the
 * challenged scopes, at most STEP_UP_LIMIT times. Returns the record to store; stores nothing itself.
 */
export async function login(options: LoginOptions): Promise<OAuthRecord> {
  let discovered = await discoverServer(options.serverUrl, options.fetch);
  checkRegistration(discovered, options.declared);
  let scope = joinScopes(discovered.challengeScope, options.scope);
  let reuse = reusable(discovered, options);
  for (let attempt = 0; ; attempt++) {
    let record: OAuthRecord;
    try {
      record = await authorizeOnce(discovered, options, scope, reuse);
    } catch (error) {
      if (!(error instanceof ReuseRefused)) throw error;
      options.notice?.(say("oauth.registering-again", { issuer: discovered.issuer }));
      record = await authorizeOnce(discovered, options, scope, undefined);
    }
    // A step-up signs in again with the client this sign-in has.
    reuse = record.registration === "dynamic" ? reuseOf(record) : undefined;
    const check = await tryToken(options.serverUrl, record.tokens.access_token, options.fetch);
    if (check.ok) return record;
    if (attempt >= STEP_UP_LIMIT) {
      throw localizedError(
        "auth.scope.insufficient",
        check.scope
          ? { key: "oauth.step-up-exhausted", params: { n: STEP_UP_LIMIT, scope: check.scope } }
          : { key: "oauth.step-up-exhausted-unnamed", params: { n: STEP_UP_LIMIT } },
        { key: "oauth.step-up-exhausted-hint" },
      );
    }
    scope = joinScopes(check.scope, scope);
    discovered = { ...discovered, ...(check.scope ? { challengeScope: check.scope } : {}) };
  }
}

/**
 * A stored dynamic registration with this sign-in's issuer, when the specification's order would register
 * a client now (no declared client id, no usable client ID metadata document): the record of this server
 * first, then any other server of the same authorization server. Only a registration whose redirect URIs
 * are all Connectory's loopback form and whose secret has not expired.
 */
function reusable(discovered: Discovered, options: LoginOptions): Reuse | undefined {
  if (options.declared.clientId) return undefined;
  const m = discovered.metadata as { client_id_metadata_document_supported?: boolean };
  if (options.declared.clientMetadataUrl && m.client_id_metadata_document_supported === true)
    return undefined;
  const candidates = (options.registrations ?? [])
    .filter((r) => r.registration === "dynamic" && strip(r.issuer) === strip(discovered.issuer))
    .sort((a, b) => Number(b.url === options.serverUrl) - Number(a.url === options.serverUrl));
  const nowS = options.now().getTime() / 1000;
  for (const record of candidates) {
    const found = reuseOf(record);
    const expires = record.client["client_secret_expires_at"];
    if (found && !(typeof expires === "number" && expires !== 0 && expires <= nowS + 60)) return found;
  }
  return undefined;
}

function reuseOf(record: OAuthRecord): Reuse | undefined {
  const c = record.client;
  const uris = c["redirect_uris"];
  if (typeof c["client_id"] !== "string" || c["client_id"] === "") return undefined;
  if (!Array.isArray(uris) || uris.length === 0) return undefined;
  if (uris.some((u) => typeof u !== "string" || !isLoopbackRedirect(u))) return undefined;
  if (!isLoopbackRedirect(record.redirectUri)) return undefined;
  return {
    client: c as unknown as OAuthClientInformationMixed,
    port: Number(new URL(record.redirectUri).port),
  };
}

async function authorizeOnce(
  discovered: Discovered,
  options: LoginOptions,
  scope: string | undefined,
  reuse: Reuse | undefined,
): Promise<OAuthRecord> {
  const loopback = await startLoopback(options.timeoutMs, reuse?.port);
  try {
    // The port the registration was made for, if it is free (a server that ignores RFC 8252 §7.3 then
    // still matches); on another port a new client is registered, which every server accepts.
    const sameport = reuse !== undefined && new URL(loopback.redirectUri).port === String(reuse.port);
    const provider = new LoginProvider(
      discovered,
      loopback.redirectUri,
      options.declared,
      options.open,
      sameport ? reuse.client : undefined,
    );
    const refused = (error: unknown): never => {
      if (provider.reuseRefused) throw new ReuseRefused("the reused client was refused");
      return rethrow("oauth.redeem-failed")(error);
    };
    const sdk = {
      serverUrl: options.serverUrl,
      fetchFn: cappedFetch(options.fetch),
      ...(scope ? { scope } : {}),
    };
    const started = await auth(provider, sdk).catch(rethrow("oauth.start-failed"));
    if (started === "AUTHORIZED") throw new Error("the SDK signed in without a browser step");
    const query = await loopback.callback;
    // A server that redirects back an error about the reused client (RFC 6749 §4.1.2.1) gets a new one.
    if (provider.reusedId !== undefined && CLIENT_ERRORS.has(query.get("error") ?? ""))
      throw new ReuseRefused(`the authorization server said ${query.get("error")}`);
    const code = checkCallback(query, provider.expectedState, discovered);
    await auth(provider, { ...sdk, authorizationCode: code }).catch(refused);
    if (provider.reuseRefused) throw new ReuseRefused("the reused client was refused");
    const tokens = provider.saved;
    if (!tokens?.access_token || tokens.token_type.toLowerCase() !== "bearer") {
      throw localizedError("auth.token.failed", { key: "oauth.no-bearer" }, { key: "oauth.no-bearer-hint" });
    }
    const now = options.now();
    const granted = (tokens.scope ?? provider.requestedScope ?? "").split(" ").filter(Boolean);
    return {
      url: options.serverUrl,
      issuer: discovered.issuer,
      ...(typeof discovered.resourceMetadata.resource === "string"
        ? { resource: discovered.resourceMetadata.resource }
        : {}),
      ...(discovered.resourceMetadataUrl ? { resourceMetadataUrl: discovered.resourceMetadataUrl } : {}),
      metadata: discovered.metadata as unknown as Record<string, unknown>,
      client: provider.client as unknown as Record<string, unknown>,
      registration: provider.registration,
      redirectUri: loopback.redirectUri,
      tokens: tokens as OAuthRecord["tokens"],
      scopes: granted,
      ...(tokens.expires_in !== undefined
        ? { expiresAt: new Date(now.getTime() + tokens.expires_in * 1000).toISOString() }
        : {}),
      signedInAt: now.toISOString(),
    };
  } finally {
    await loopback.close();
  }
}

/** Callback errors that mean the client itself is refused (a forgotten registration). */
const CLIENT_ERRORS = new Set(["invalid_client", "unauthorized_client"]);

/** Some way to get a client id must exist: declared, a metadata document, or DCR. */
function checkRegistration(discovered: Discovered, declared: DeclaredOAuth): void {
  if (declared.clientId) return;
  const m = discovered.metadata as { client_id_metadata_document_supported?: boolean };
  if (declared.clientMetadataUrl && m.client_id_metadata_document_supported === true) return;
  if (discovered.metadata.registration_endpoint) return;
  throw localizedError(
    "auth.client.unregistered",
    {
      key: declared.clientMetadataUrl ? "oauth.no-client-metadata-unsupported" : "oauth.no-client",
      params: { issuer: discovered.issuer },
    },
    { key: "oauth.no-client-hint" },
  );
}

/** The callback's `error`, `state` and RFC 9207 `iss`, checked before the code is redeemed. */
export function checkCallback(query: URLSearchParams, state: string, discovered: Discovered): string {
  const error = query.get("error");
  if (error) {
    throw localizedError(
      "auth.denied",
      { key: "oauth.denied", params: { error } },
      { key: "oauth.denied-hint" },
    );
  }
  if (query.get("state") !== state) {
    throw localizedError(
      "auth.state.mismatch",
      { key: "oauth.state-mismatch" },
      { key: "oauth.state-mismatch-hint" },
    );
  }
  const iss = query.get("iss");
  const required =
    (discovered.metadata as { authorization_response_iss_parameter_supported?: boolean })
      .authorization_response_iss_parameter_supported === true;
  if ((required && iss === null) || (iss !== null && strip(iss) !== strip(discovered.issuer))) {
    throw localizedError(
      "auth.iss.mismatch",
      iss === null
        ? { key: "oauth.iss-unnamed", params: { issuer: discovered.issuer } }
        : { key: "oauth.iss-mismatch", params: { iss, issuer: discovered.issuer } },
      { key: "oauth.iss-mismatch-hint" },
    );
  }
  const code = query.get("code");
  if (!code) {
    throw localizedError("auth.token.failed", { key: "oauth.no-code" }, { key: "oauth.no-code-hint" });
  }
  return code;
}

/** Whether the server accepts the token; on 403 insufficient_scope, the scope it asks for. */
async function tryToken(
  serverUrl: string,
  token: string,
  fetchFn: typeof fetch,
): Promise<{ ok: true } | { ok: false; scope?: string }> {
  const response = await fetchFn(serverUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined);
  await response?.body?.cancel().catch(() => undefined);
  if (response?.status === 401) {
    throw localizedError(
      "auth.token.failed",
      { key: "oauth.token-refused" },
      { key: "oauth.token-refused-hint" },
    );
  }
  if (response?.status !== 403) return { ok: true };
  const { error, scope } = extractWWWAuthenticateParams(response);
  if (error !== "insufficient_scope") return { ok: true };
  return { ok: false, ...(scope ? { scope } : {}) };
}

function joinScopes(...scopes: Array<string | undefined>): string | undefined {
  const all = [...new Set(scopes.flatMap((s) => (s ?? "").split(" ")).filter(Boolean))];
  return all.length > 0 ? all.join(" ") : undefined;
}

function strip(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

function rethrow(what: "oauth.redeem-failed" | "oauth.start-failed") {
  return (error: unknown): never => {
    if (error instanceof ConnectoryError) throw error;
    throw localizedError(
      "auth.token.failed",
      { key: what, params: { why: (error as Error).message } },
      { key: "oauth.try-again-or-operator" },
      { cause: error },
    );
  };
}
