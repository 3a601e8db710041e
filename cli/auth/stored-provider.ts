import {
  refreshAuthorization,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, say } from "../terminal/language.js";
import type { OAuthRecord } from "./oauth-record.js";
import { readOAuth, saveRefreshed } from "./oauth-store.js";
import { cappedFetch } from "./capped-fetch.js";

/** Refresh this long before the access token expires. */
export const REFRESH_SKEW_MS = 60_000;

/** Why a stored sign-in no longer works: a key of the message tables. */
export type SignInGone =
  | "oauth.required-forgotten"
  | "oauth.required-refresh-refused"
  | "oauth.required-expired"
  | "oauth.required-browser"
  | "oauth.required-none";

/** The error `run` ends with when the stored sign-in no longer works. */
export function authRequired(server: string, why: SignInGone): ConnectoryError {
  return localizedError(
    "auth.required",
    { key: why, params: { server } },
    { key: "oauth.required-hint", params: { server } },
  );
}

/**
 * The SDK's OAuthClientProvider for `connectory run`: the stored sign-in, never interactive. It
 * refreshes the access token before it expires (1.32 does not track expiry) and the SDK refreshes once
 * on a 401; every rotation is stored at once. When only a browser could help (no refresh token, a
 * refused refresh, a registration the SDK would redo), it throws auth.required instead.
 */
export class StoredProvider implements OAuthClientProvider {
  private dead = false;
  /** One refresh at a time: the transport asks for tokens for several requests at once. */
  private refreshing: Promise<void> | undefined;

  constructor(
    private record: OAuthRecord,
    private readonly options: {
      server: string;
      home: string;
      fetch: typeof fetch;
      now: () => Date;
      log: (message: string) => void;
    },
  ) {}

  get redirectUrl(): string {
    return this.record.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { redirect_uris: [this.record.redirectUri], token_endpoint_auth_method: "none" };
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.record.client as unknown as OAuthClientInformationMixed;
  }

  saveClientInformation(): void {
    throw authRequired(this.options.server, "oauth.required-forgotten");
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    if (this.dead) return undefined;
    if (this.expiresSoon() && this.record.tokens.refresh_token) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
      await this.refreshing;
    }
    return this.dead ? undefined : (this.record.tokens as OAuthTokens);
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store(tokens);
  }

  redirectToAuthorization(): never {
    throw authRequired(
      this.options.server,
      this.record.tokens.refresh_token ? "oauth.required-refresh-refused" : "oauth.required-expired",
    );
  }

  saveCodeVerifier(): void {
    // Never interactive: redirectToAuthorization refuses right after.
  }

  codeVerifier(): string {
    throw authRequired(this.options.server, "oauth.required-browser");
  }

  discoveryState(): OAuthDiscoveryState {
    return {
      authorizationServerUrl: this.record.issuer,
      ...(this.record.resourceMetadataUrl ? { resourceMetadataUrl: this.record.resourceMetadataUrl } : {}),
      authorizationServerMetadata: this.record.metadata as unknown as AuthorizationServerMetadata,
    };
  }

  saveDiscoveryState(): void {
    // The issuer and its endpoints are the ones vetted at sign-in; a refresh never moves them.
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "tokens" || scope === "client") this.dead = true;
  }

  /** Within REFRESH_SKEW_MS of expiry, or half the token's life for tokens shorter than twice that. */
  private expiresSoon(): boolean {
    if (!this.record.expiresAt) return false;
    const expires = Date.parse(this.record.expiresAt);
    const issued = Date.parse(this.record.refreshedAt ?? this.record.signedInAt);
    const skew = Math.min(REFRESH_SKEW_MS, Math.max(0, (expires - issued) / 2));
    return expires - skew <= this.options.now().getTime();
  }

  /**
   * The refresh grant (with `resource`) at the vetted token endpoint. Another `run` may have refreshed
   * first (a rotating server then refuses this refresh token): its newer tokens are taken instead.
   */
  private async refresh(): Promise<void> {
    const latest = await readOAuth(this.options.home, this.record.url);
    if (
      latest &&
      latest.issuer === this.record.issuer &&
      latest.tokens.access_token !== this.record.tokens.access_token
    ) {
      this.record = latest;
      if (!this.expiresSoon()) return;
    }
    try {
      const tokens = await refreshAuthorization(this.record.issuer, {
        metadata: this.record.metadata as unknown as AuthorizationServerMetadata,
        clientInformation: this.clientInformation(),
        refreshToken: this.record.tokens.refresh_token as string,
        // Verbatim, as the SDK's auth() sends it (a pathless URL must not gain a "/").
        ...(this.record.resource ? { resource: this.record.resource } : {}),
        fetchFn: cappedFetch(this.options.fetch),
      });
      await this.store({ ...tokens, issuer: this.record.issuer } as OAuthTokens);
    } catch (error) {
      // A refused grant is final; a network failure leaves the old token (the server may still take it).
      if (error instanceof OAuthError) this.dead = true;
      else
        this.options.log(
          say("auth.refresh-failed", { server: this.options.server, message: (error as Error).message }),
        );
    }
  }

  private async store(tokens: OAuthTokens): Promise<void> {
    const now = this.options.now();
    const stored = await saveRefreshed(this.options.home, this.record.url, this.record.issuer, tokens, now);
    this.record = stored ?? {
      ...this.record,
      tokens: { ...this.record.tokens, ...tokens } as OAuthRecord["tokens"],
      ...(tokens.expires_in !== undefined
        ? { expiresAt: new Date(now.getTime() + tokens.expires_in * 1000).toISOString() }
        : {}),
    };
    this.dead = false;
  }
}
