import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote, type RemoteServer } from "../../src/core/types.js";
import type { OAuthRecord } from "./oauth-record.js";
import { readAllOAuth } from "./oauth-store.js";

/** signed-in: a usable (or refreshable) token; expired: neither; needs-auth: never signed in. */
export type AuthState = "signed-in" | "expired" | "needs-auth";

/** A remote server that signs in with OAuth: it declares `oauth`, or a sign-in is stored for its URL. */
export interface OAuthServer {
  entry: ExplainedServer;
  server: RemoteServer;
  record: OAuthRecord | undefined;
  state: AuthState;
}

/** The state of one stored sign-in at `now`. */
export function authState(record: OAuthRecord | undefined, now: Date): AuthState {
  if (!record) return "needs-auth";
  if (record.tokens.refresh_token) return "signed-in";
  if (record.expiresAt && Date.parse(record.expiresAt) <= now.getTime()) return "expired";
  return "signed-in";
}

/** Every server of `servers` that signs in with OAuth, with its state. */
export function oauthServers(
  servers: readonly ExplainedServer[],
  stored: Record<string, OAuthRecord>,
  now: Date,
): OAuthServer[] {
  const out: OAuthServer[] = [];
  for (const entry of servers) {
    const server = entry.server;
    // A server still missing credentials has an unrendered URL: there is nothing to sign in to yet.
    if (!isRemote(server) || server.url.includes("${")) continue;
    const record = Object.hasOwn(stored, server.url) ? stored[server.url] : undefined;
    const mine = record && record.url === server.url ? record : undefined;
    if (!server.oauth && !mine) continue;
    out.push({ entry, server, record: mine, state: authState(mine, now) });
  }
  return out;
}

/** What `auth --status` prints for one server: never a token. */
export function statusView(s: OAuthServer, hide: (text: string) => string) {
  const r = s.record;
  return {
    server: s.entry.name,
    url: hide(s.server.url),
    state: s.state,
    ...(r
      ? {
          issuer: r.issuer,
          scopes: r.scopes,
          ...(r.expiresAt ? { expiresAt: r.expiresAt } : {}),
          refreshable: r.tokens.refresh_token !== undefined,
          registration: r.registration,
          signedInAt: r.signedInAt,
        }
      : {}),
  };
}

/** The sign-in state of each OAuth server among `servers`, by server name. */
export async function authStates(
  home: string,
  servers: readonly ExplainedServer[],
  now: Date,
): Promise<Map<string, AuthState>> {
  const found = oauthServers(servers, await readAllOAuth(home), now);
  return new Map(found.map((s) => [s.entry.name, s.state]));
}
