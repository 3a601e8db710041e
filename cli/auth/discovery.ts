import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { resourceUrlFromServerUrl } from "@modelcontextprotocol/sdk/shared/auth-utils.js";
import type {
  AuthorizationServerMetadata,
  OAuthProtectedResourceMetadata,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, type Said } from "../terminal/language.js";
import { isLoopbackHost } from "./loopback.js";
import { cappedFetch } from "./capped-fetch.js";

/** What sign-in needs to know about a server, every part of it checked (see `discoverServer`). */
export interface Discovered {
  serverUrl: string;
  resourceMetadataUrl?: string;
  resourceMetadata: OAuthProtectedResourceMetadata;
  /** The issuer chosen from `authorization_servers`; equals `metadata.issuer`. */
  issuer: string;
  metadata: AuthorizationServerMetadata;
  /** The scope the server's 401 or 403 challenge asked for, if any. */
  challengeScope?: string;
}

const fail = (code: string, message: Said, hint: Said) => localizedError(code, message, hint);

/**
 * Finds and vets a server's authorization setup: the 401 challenge, its protected resource metadata
 * (RFC 9728: the challenge's `resource_metadata`, else the well-known paths), and the first authorization
 * server's metadata (RFC 8414, then OpenID discovery). Refuses, before anything is sent to the
 * authorization server: metadata for another resource, an issuer that does not match, no PKCE S256
 * (absent counts as no), endpoints on another origin than the issuer, and plain http off loopback.
 */
export async function discoverServer(
  serverUrl: string,
  fetchFn: typeof fetch,
  challenge?: { resourceMetadataUrl?: URL; scope?: string },
): Promise<Discovered> {
  const seen = challenge ?? (await probe(serverUrl, fetchFn));
  const capped = cappedFetch(fetchFn);
  let resourceMetadata: OAuthProtectedResourceMetadata;
  try {
    resourceMetadata = await discoverOAuthProtectedResourceMetadata(
      serverUrl,
      seen.resourceMetadataUrl ? { resourceMetadataUrl: seen.resourceMetadataUrl } : {},
      capped,
    );
  } catch (error) {
    if (error instanceof ConnectoryError) throw error;
    throw fail(
      "auth.discovery.failed",
      { key: "oauth.no-resource-metadata", params: { url: serverUrl, why: (error as Error).message } },
      { key: "oauth.no-resource-metadata-hint" },
    );
  }
  const expected = resourceUrlFromServerUrl(serverUrl);
  if (!sameResource(resourceMetadata.resource, expected)) {
    throw fail(
      "auth.resource.mismatch",
      {
        key: "oauth.resource-mismatch",
        params: { resource: String(resourceMetadata.resource), expected: expected.href },
      },
      { key: "oauth.resource-mismatch-hint" },
    );
  }
  const issuer = resourceMetadata.authorization_servers?.[0];
  if (!issuer) {
    throw fail(
      "auth.discovery.failed",
      { key: "oauth.no-issuer", params: { url: serverUrl } },
      { key: "oauth.no-issuer-hint" },
    );
  }
  checkSecure(issuer, "issuer");
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: capped }).catch(
    (error: Error) => {
      if (error instanceof ConnectoryError) throw error;
      throw fail(
        "auth.discovery.failed",
        { key: "oauth.metadata-unreadable", params: { issuer, why: error.message } },
        { key: "oauth.metadata-unreadable-hint" },
      );
    },
  );
  if (!metadata) {
    throw fail(
      "auth.discovery.failed",
      { key: "oauth.no-metadata", params: { issuer } },
      { key: "oauth.tell-operator" },
    );
  }
  vetMetadata(issuer, metadata);
  return {
    serverUrl,
    ...(seen.resourceMetadataUrl ? { resourceMetadataUrl: seen.resourceMetadataUrl.href } : {}),
    resourceMetadata,
    issuer,
    metadata,
    ...(seen.scope ? { challengeScope: seen.scope } : {}),
  };
}

/**
 * RFC 9728 §3.3: the metadata's `resource` must be the server's URL, compared after URL normalization
 * (case of scheme and host, default port, fragment, one trailing slash). Not a prefix match: metadata
 * naming the origin root (`http://host/`) would get a token every MCP server on that origin accepts.
 */
export function sameResource(resource: unknown, expected: URL): boolean {
  if (typeof resource !== "string") return false;
  let named: URL;
  try {
    named = resourceUrlFromServerUrl(resource);
  } catch {
    return false;
  }
  const key = (u: URL) => `${u.origin}${u.pathname.replace(/(.)\/$/, "$1")}${u.search}`;
  return key(named) === key(expected);
}

/** The RFC 8414 §3.3 issuer check, PKCE S256, and every endpoint on the issuer's origin. */
export function vetMetadata(issuer: string, metadata: AuthorizationServerMetadata): void {
  if (stripSlash(metadata.issuer) !== stripSlash(issuer)) {
    throw fail(
      "auth.issuer.mismatch",
      { key: "oauth.issuer-mismatch", params: { issuer, named: metadata.issuer } },
      { key: "oauth.issuer-mismatch-hint" },
    );
  }
  if (!metadata.code_challenge_methods_supported?.includes("S256")) {
    throw fail(
      "auth.pkce.unsupported",
      { key: "oauth.no-pkce", params: { issuer } },
      { key: "oauth.no-pkce-hint" },
    );
  }
  const origin = new URL(issuer).origin;
  const endpoints = {
    authorization_endpoint: metadata.authorization_endpoint,
    token_endpoint: metadata.token_endpoint,
    registration_endpoint: metadata.registration_endpoint,
    revocation_endpoint: (metadata as { revocation_endpoint?: string }).revocation_endpoint,
  };
  for (const [field, value] of Object.entries(endpoints)) {
    if (value === undefined) continue;
    checkSecure(value, field);
    if (new URL(value).origin !== origin) {
      throw fail(
        "auth.endpoint.origin",
        { key: "oauth.endpoint-origin", params: { field, issuer, origin: new URL(value).origin } },
        { key: "oauth.endpoint-origin-hint" },
      );
    }
  }
}

/** https, or http to a loopback address (a local test server). */
function checkSecure(url: string, what: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw fail(
      "auth.discovery.failed",
      { key: "oauth.not-a-url", params: { what } },
      { key: "oauth.tell-operator" },
    );
  }
  if (u.protocol === "https:" || (u.protocol === "http:" && isLoopbackHost(u.hostname))) return;
  throw fail(
    "auth.insecure",
    { key: "oauth.insecure", params: { what, origin: u.origin } },
    { key: "oauth.insecure-hint" },
  );
}

/** One unauthenticated request, to read the server's `WWW-Authenticate` challenge. */
async function probe(
  serverUrl: string,
  fetchFn: typeof fetch,
): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const response = await fetchFn(serverUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "connectory", version: "0" },
      },
    }),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: Error) => {
    throw fail(
      "auth.discovery.failed",
      { key: "oauth.unreachable", params: { url: serverUrl, why: error.message } },
      { key: "oauth.unreachable-hint" },
    );
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status !== 401 && response.status !== 403) return {};
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
  return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
}

function stripSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
