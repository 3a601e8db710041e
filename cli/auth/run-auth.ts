import {
  extractWWWAuthenticateParams,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";
import type { RemoteServer } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { readOAuth } from "./oauth-store.js";
import { authRequired, StoredProvider } from "./stored-provider.js";

/**
 * The OAuth provider `run` gives a remote server's transport: its stored sign-in (bound to exactly this
 * URL), or none for a server that does not sign in with OAuth. A server that declares OAuth and has no
 * sign-in fails before anything is sent: auth.required.
 */
export async function runAuthProvider(
  name: string,
  spec: RemoteServer,
  ctx: Pick<CommandContext, "home" | "fetch" | "now">,
  log: (message: string) => void,
): Promise<OAuthClientProvider | undefined> {
  const record = await readOAuth(ctx.home, spec.url);
  if (!record) {
    if (spec.oauth) throw authRequired(name, "oauth.required-none");
    return undefined;
  }
  return new StoredProvider(record, { server: name, home: ctx.home, fetch: ctx.fetch, now: ctx.now, log });
}

/** True for the error after which `run` must end: only a new `connectory auth` helps. */
export function isAuthRequired(error: unknown): error is ConnectoryError {
  return error instanceof ConnectoryError && error.code === "auth.required";
}

/**
 * A fetch that remembers the scopes of the server's last 403 insufficient_scope challenge: the SDK's
 * transport retries once after a refresh (which cannot add scopes) and then fails with a bare 403, and
 * `run` must say which scopes a new sign-in needs.
 */
export function scopeWatch(fetchFn: typeof fetch): {
  fetch: typeof fetch;
  lastScope: () => string | undefined;
} {
  let scope: string | undefined;
  return {
    fetch: async (input, init) => {
      const response = await fetchFn(input, init);
      if (response.status === 403) {
        const challenge = extractWWWAuthenticateParams(response);
        if (challenge.error === "insufficient_scope") scope = challenge.scope ?? scope;
      }
      return response;
    },
    lastScope: () => scope,
  };
}

/** The error for a request the sign-in's scopes do not cover. */
export function scopeRequired(server: string, scope: string | undefined): ConnectoryError {
  return scope
    ? localizedError(
        "auth.scope.insufficient",
        { key: "oauth.scope-more-named", params: { server, scope } },
        { key: "oauth.scope-more-hint", params: { command: `connectory auth ${server} --scope "${scope}"` } },
      )
    : localizedError(
        "auth.scope.insufficient",
        { key: "oauth.scope-more", params: { server } },
        { key: "oauth.scope-more-hint", params: { command: `connectory auth ${server}` } },
      );
}
