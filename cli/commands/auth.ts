import { redact } from "../../src/core/secrets.js";
import { defineCommand } from "../command.js";
import type { CommandContext } from "../context.js";
import { oauthServers, statusView, type OAuthServer } from "../auth/auth-state.js";
import { openBrowser } from "../auth/browser.js";
import { login } from "../auth/login.js";
import { readAllOAuth, removeOAuth, saveOAuth } from "../auth/oauth-store.js";
import { revokeTokens } from "../auth/revoke.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { status, warn } from "../terminal/output.js";
import { textTable } from "../terminal/text-table.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";

const DEFAULT_TIMEOUT_S = 300;

const command = defineCommand({
  usage:
    "auth <server|connector> [--no-browser] [--scope <scopes>] [--timeout <seconds>] [--status] [--logout]",
  description: `
Signs in to a remote server that uses OAuth, as the MCP Authorization specification describes, and
keeps the tokens with your other credentials (never in a host file). \`connectory run\` then sends
the access token, refreshes it, and says when you must sign in again.

The name is a server of the effective set, or a connector: then each of its remote servers that
signs in with OAuth. Discovery follows the server's 401 challenge (RFC 9728 protected resource
metadata, RFC 8414 / OpenID authorization server metadata); the client is the connector's declared
client id, else a client ID metadata document where the server supports them, else dynamic client
registration. PKCE S256 is required, the callback's state and issuer (RFC 9207) are checked, and the
resource (RFC 8707) goes in every request. The browser opens the authorization page ($BROWSER when
set, else the system's opener); the answer comes back to a listener on 127.0.0.1 that takes one
request and closes.

--status shows each OAuth server's state (signed-in, expired, needs-auth), scopes and expiry, never a
token; without a name, every one. --logout removes the sign-in, revoking it at the server when the
server offers revocation.`,
  options: {
    "no-browser": {
      type: "boolean",
      description:
        "print the authorization URL instead of opening a browser (open it anywhere on this machine)",
    },
    scope: {
      type: "string",
      value: "scopes",
      description: "space-separated scopes to ask for, added to those the server's challenge names",
    },
    timeout: {
      type: "string",
      value: "seconds",
      description: `how long to wait for the browser to come back (default ${DEFAULT_TIMEOUT_S})`,
    },
    status: { type: "boolean", description: "show the sign-in state, scopes and expiry (never the token)" },
    logout: { type: "boolean", description: "remove the sign-in, revoking it at the server when it can" },
  },
  positionals: { max: 1 },
  async run(args, ctx) {
    const name = args.positionals[0];
    if (args.values.status === true && args.values.logout === true)
      throw localizedUsageError(
        { key: "auth.status-logout" },
        { key: "auth.example", params: { command: "connectory auth <server> --status" } },
      );
    const config = await loadEffectiveConfig(ctx.home);
    const hide = (text: string) => redact(text, config.secretValues);
    const all = oauthServers(config.servers, await readAllOAuth(ctx.home), ctx.now());
    if (args.values.status === true) {
      const shown = name === undefined ? all : targets(all, config.servers, name);
      const servers = shown.map((s) => statusView(s, hide));
      return { data: { servers }, text: statusText(servers) };
    }
    if (name === undefined)
      throw localizedUsageError(
        { key: "auth.name-server" },
        { key: "auth.example", params: { command: "connectory auth <server>" } },
      );
    const chosen = targets(all, config.servers, name);
    if (args.values.logout === true) return logout(chosen, ctx, hide);
    const timeoutMs = timeoutOf(args.values.timeout);
    const signedIn = [];
    for (const s of chosen) {
      // Earlier sign-ins, read again each time: one just made for the same authorization server counts.
      const registrations = Object.values(await readAllOAuth(ctx.home));
      status(ctx, say("auth.signing-in", { server: s.entry.name, url: hide(s.server.url) }));
      const record = await login({
        serverUrl: s.server.url,
        declared: s.server.oauth ?? {},
        fetch: ctx.fetch,
        now: ctx.now,
        timeoutMs,
        registrations,
        notice: (text) => status(ctx, hide(text)),
        ...(args.values.scope !== undefined ? { scope: args.values.scope } : {}),
        open: async (url) => {
          if (args.values["no-browser"] !== true && (await openBrowser(url.href, ctx.env))) {
            status(ctx, say("auth.opened"));
            return;
          }
          status(ctx, say("auth.open-this", { url: url.href }));
        },
      });
      await saveOAuth(ctx.home, record);
      signedIn.push(statusView({ ...s, record, state: "signed-in" }, hide));
    }
    const lines = signedIn.map((s) => {
      const params = {
        server: s.server,
        issuer: s.issuer ?? "",
        scopes: s.scopes?.join(" ") || say("auth.no-scopes"),
      };
      return s.expiresAt
        ? say("auth.signed-in-expires", { ...params, expires: s.expiresAt })
        : say("auth.signed-in", params);
    });
    return { data: { servers: signedIn }, text: lines.join("\n") };
  },
});
export default command;

/** The OAuth servers a name stands for: a server of the effective set, else a connector's. */
function targets(
  all: OAuthServer[],
  servers: Awaited<ReturnType<typeof loadEffectiveConfig>>["servers"],
  name: string,
) {
  const byServer = all.filter((s) => s.entry.name === name);
  if (byServer.length > 0) return byServer;
  const byConnector = all.filter(
    (s) =>
      s.entry.origin.connector === name ||
      `${s.entry.origin.connector}@${s.entry.origin.marketplace}` === name,
  );
  if (byConnector.length > 0) return byConnector;
  const known = servers.find((s) => s.name === name);
  if (known && !("url" in known.server)) {
    throw localizedError(
      "auth.server.not-remote",
      { key: "auth.not-remote", params: { name } },
      { key: "auth.not-remote-hint" },
    );
  }
  if (known && (known.server as { url: string }).url.includes("${")) {
    throw localizedError(
      "auth.server.inactive",
      { key: "auth.incomplete", params: { name, status: known.status } },
      { key: "auth.incomplete-hint", params: { connector: known.origin.connector ?? "<connector>" } },
    );
  }
  if (known) {
    // A remote server that declares no OAuth may still use it: sign in and find out.
    return [
      {
        entry: known,
        server: known.server as OAuthServer["server"],
        record: undefined,
        state: "needs-auth" as const,
      },
    ];
  }
  throw localizedError(
    "auth.server.unknown",
    { key: "auth.unknown", params: { name } },
    { key: "auth.unknown-hint" },
  );
}

async function logout(chosen: OAuthServer[], ctx: CommandContext, hide: (t: string) => string) {
  const servers = [];
  for (const s of chosen) {
    const revoked = s.record ? await revokeTokens(s.record, ctx.fetch, (m) => warn(ctx, m)) : false;
    const removed = await removeOAuth(ctx.home, s.server.url);
    servers.push({ server: s.entry.name, url: hide(s.server.url), removed, revoked });
  }
  const text = servers
    .map((s) =>
      say(s.removed ? (s.revoked ? "auth.signed-out-revoked" : "auth.signed-out") : "auth.not-signed-in", {
        server: s.server,
      }),
    )
    .join("\n");
  return { data: { servers }, text };
}

function statusText(servers: ReturnType<typeof statusView>[]): string {
  if (servers.length === 0) return say("auth.none");
  return textTable(
    [
      say("auth.h-server"),
      say("auth.h-state"),
      say("auth.h-scopes"),
      say("auth.h-expires"),
      say("auth.h-issuer"),
    ],
    servers.map((s) => [
      s.server,
      s.state,
      s.scopes?.join(" ") ?? "",
      s.expiresAt ? `${s.expiresAt}${s.refreshable ? say("auth.refreshes") : ""}` : "",
      s.issuer ?? "",
    ]),
  );
}

function timeoutOf(value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_S * 1000;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600)
    throw localizedUsageError(
      { key: "auth.bad-timeout" },
      { key: "auth.example", params: { command: "connectory auth <server> --timeout 120" } },
    );
  return seconds * 1000;
}
