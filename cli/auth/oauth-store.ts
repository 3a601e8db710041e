import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { readCredentials, updateCredentials } from "../credentials/credentials-store.js";
import type { OAuthRecord } from "./oauth-record.js";

/**
 * OAuth sign-ins kept beside the other secrets, only through readCredentials/updateCredentials (the
 * store behind them may be a file or the OS keychain). A record is returned only for the URL it was
 * obtained for: a record moved under another key is ignored.
 */
export async function readOAuth(home: string, url: string): Promise<OAuthRecord | undefined> {
  const all = (await readCredentials(home)).oauth ?? {};
  const record = Object.hasOwn(all, url) ? all[url] : undefined;
  return record && record.url === url ? record : undefined;
}

/** Every stored sign-in, by server URL. */
export async function readAllOAuth(home: string): Promise<Record<string, OAuthRecord>> {
  return (await readCredentials(home)).oauth ?? {};
}

/** Stores a sign-in (replacing the one for its URL), under the store's lock. */
export async function saveOAuth(home: string, record: OAuthRecord): Promise<void> {
  await updateCredentials(home, (file) => ({
    ...file,
    oauth: { ...(file.oauth ?? {}), [record.url]: record },
  }));
}

/** Removes the sign-in for `url`; true when there was one. */
export async function removeOAuth(home: string, url: string): Promise<boolean> {
  let removed = false;
  await updateCredentials(home, (file) => {
    const oauth = { ...(file.oauth ?? {}) };
    removed = Object.hasOwn(oauth, url);
    delete oauth[url];
    return { ...file, oauth };
  });
  return removed;
}

/**
 * Replaces the tokens of the sign-in for `url` after a refresh, keeping a rotated-out refresh token
 * out of the store. Only when the stored sign-in is still the same issuer's (a new `connectory auth`
 * meanwhile wins). Returns the record as stored.
 */
export async function saveRefreshed(
  home: string,
  url: string,
  issuer: string,
  tokens: OAuthTokens,
  now: Date,
): Promise<OAuthRecord | undefined> {
  let stored: OAuthRecord | undefined;
  await updateCredentials(home, (file) => {
    const current = file.oauth?.[url];
    if (!current || current.issuer !== issuer) return file;
    stored = {
      ...current,
      tokens: {
        ...tokens,
        // A server that does not rotate keeps the old refresh token valid (RFC 6749 §6).
        ...(tokens.refresh_token || !current.tokens.refresh_token
          ? {}
          : { refresh_token: current.tokens.refresh_token }),
      } as OAuthRecord["tokens"],
      ...(tokens.scope ? { scopes: tokens.scope.split(" ").filter(Boolean) } : {}),
      refreshedAt: now.toISOString(),
    };
    if (tokens.expires_in !== undefined)
      stored.expiresAt = new Date(now.getTime() + tokens.expires_in * 1000).toISOString();
    else delete stored.expiresAt;
    return { ...file, oauth: { ...file.oauth, [url]: stored } };
  });
  return stored;
}
