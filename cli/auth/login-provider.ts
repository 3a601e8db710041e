import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";
import type { Discovered } from "./discovery.js";
import { isLoopbackRedirect } from "./loopback.js";

/** What a connector package declares for a server's OAuth (mcp.json `oauth`). */
export interface DeclaredOAuth {
  clientId?: string;
  clientMetadataUrl?: string;
  scopes?: string[];
}

/**
 * The SDK's OAuthClientProvider for one interactive sign-in. Everything stays in memory until the
 * caller stores the result, so a refused sign-in leaves nothing behind. It hands the SDK the
 * discovery Connectory vetted (discoveryState), so the SDK never rediscovers other endpoints, and it
 * checks what the SDK cannot: a registration that changed the redirect URI, and an authorization URL
 * that is not the vetted endpoint with S256, the loopback redirect and the resource.
 */
export class LoginProvider implements OAuthClientProvider {
  readonly expectedState = randomBytes(24).toString("base64url");
  client: OAuthClientInformationMixed | undefined;
  registration: "declared" | "metadata-document" | "dynamic" = "dynamic";
  saved: OAuthTokens | undefined;
  requestedScope: string | undefined;
  private verifier: string | undefined;
  readonly clientMetadataUrl: string | undefined;
  /** The client id of a stored dynamic registration this sign-in reuses, if any. */
  readonly reusedId: string | undefined;
  /** The authorization server refused the reused client (the SDK invalidated it): register again. */
  reuseRefused = false;

  constructor(
    private readonly discovered: Discovered,
    readonly redirectUrl: string,
    private readonly declared: DeclaredOAuth,
    private readonly open: (url: URL) => Promise<void>,
    reuse?: OAuthClientInformationMixed,
  ) {
    if (declared.clientId) {
      this.client = { client_id: declared.clientId };
      this.registration = "declared";
    } else if (reuse) {
      // A registration from an earlier sign-in with this authorization server (RFC 8252 §7.3: a loopback
      // redirect matches whatever its port), so no new client is registered.
      this.client = reuse;
      this.reusedId = reuse.client_id;
    }
    this.clientMetadataUrl = declared.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Connectory",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      // RFC 7591 + OpenID registration: a loopback redirect belongs to a native app.
      application_type: "native",
      ...(this.declared.scopes?.length ? { scope: this.declared.scopes.join(" ") } : {}),
    } as OAuthClientMetadata;
  }

  state(): string {
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    if (this.reusedId !== undefined && !this.reuseRefused && info.client_id === this.reusedId) {
      // The SDK stamping the reused registration with its issuer: vetted when it was registered.
      this.client = info;
      return;
    }
    if (info.client_id === this.clientMetadataUrl) this.registration = "metadata-document";
    const uris = (info as { redirect_uris?: unknown }).redirect_uris;
    if (
      Array.isArray(uris) &&
      (uris.length === 0 ||
        uris.some((u) => typeof u !== "string" || !isLoopbackRedirect(u) || u !== this.redirectUrl))
    ) {
      throw localizedError(
        "auth.redirect.invalid",
        { key: "oauth.redirect-registered" },
        { key: "oauth.redirect-registered-hint" },
      );
    }
    this.client = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const endpoint = new URL(this.discovered.metadata.authorization_endpoint);
    const p = url.searchParams;
    const redirect = p.get("redirect_uri") ?? "";
    if (url.origin !== endpoint.origin || url.pathname !== endpoint.pathname) {
      throw localizedError(
        "auth.endpoint.origin",
        { key: "oauth.url-not-vetted" },
        { key: "oauth.nothing-stored" },
      );
    }
    if (p.get("code_challenge_method") !== "S256" || !p.get("code_challenge")) {
      throw localizedError(
        "auth.pkce.unsupported",
        { key: "oauth.request-no-pkce" },
        { key: "oauth.nothing-stored" },
      );
    }
    if (!isLoopbackRedirect(redirect) || redirect !== this.redirectUrl) {
      throw localizedError(
        "auth.redirect.invalid",
        { key: "oauth.redirect-other", params: { url: this.redirectUrl } },
        { key: "oauth.nothing-stored" },
      );
    }
    this.requestedScope = p.get("scope") ?? undefined;
    await this.open(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no PKCE verifier: the authorization was not started");
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState {
    const d = this.discovered;
    return {
      authorizationServerUrl: d.issuer,
      ...(d.resourceMetadataUrl ? { resourceMetadataUrl: d.resourceMetadataUrl } : {}),
      resourceMetadata: d.resourceMetadata,
      authorizationServerMetadata: d.metadata,
    };
  }

  saveDiscoveryState(): void {
    // The vetted discovery is fixed for the whole sign-in.
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if ((scope === "all" || scope === "client") && this.registration !== "declared") {
      if (this.reusedId !== undefined && this.client?.client_id === this.reusedId) this.reuseRefused = true;
      this.client = undefined;
    }
    if (scope === "all" || scope === "tokens") this.saved = undefined;
  }
}
