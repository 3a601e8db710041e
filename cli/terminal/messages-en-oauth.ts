// The CLI's words in English for signing in to a remote server with OAuth (cli/auth): the discovery,
// the browser round trip and a stored sign-in that no longer works. messages-en.ts joins it,
// messages-zh-cn-oauth.ts translates it.

export const enOAuth = {
  "oauth.unreachable": "could not reach {url}: {why}",
  "oauth.unreachable-hint": "check the URL and your network",
  "oauth.no-resource-metadata": "{url} publishes no OAuth protected resource metadata (RFC 9728): {why}",
  "oauth.no-resource-metadata-hint":
    "the server may not use OAuth; if it takes an API key, set it with `connectory credentials set`",
  "oauth.resource-mismatch": "the protected resource metadata is for {resource}, not {expected}",
  "oauth.resource-mismatch-hint":
    "a server must describe itself; nothing was sent or stored. Tell the server's operator",
  "oauth.no-issuer": "the protected resource metadata of {url} names no authorization server",
  "oauth.no-issuer-hint": "tell the server's operator: `authorization_servers` is empty",
  "oauth.metadata-unreadable": "could not read the metadata of authorization server {issuer}: {why}",
  "oauth.metadata-unreadable-hint": "check your network, or tell the server's operator",
  "oauth.no-metadata": "authorization server {issuer} publishes no metadata (RFC 8414 or OpenID discovery)",
  "oauth.tell-operator": "tell the server's operator",
  "oauth.issuer-mismatch": "authorization server {issuer} answered with metadata for issuer {named}",
  "oauth.issuer-mismatch-hint": "the metadata must name the server it came from; nothing was sent or stored",
  "oauth.no-pkce":
    "authorization server {issuer} does not advertise PKCE with S256 (code_challenge_methods_supported)",
  "oauth.no-pkce-hint":
    "the MCP specification requires S256; Connectory will not sign in without it. Tell the server's operator",
  "oauth.endpoint-origin": "the {field} of {issuer} is on {origin}, another origin than the issuer",
  "oauth.endpoint-origin-hint":
    "Connectory sends codes and tokens only to the issuer's own origin; nothing was sent or stored",
  "oauth.not-a-url": "the {what} is not a URL",
  "oauth.insecure": "the {what} {origin} is not https",
  "oauth.insecure-hint": "OAuth needs https off this machine; tell the server's operator",
  "oauth.too-large": "{where} sent an OAuth response over {max} bytes",
  "oauth.tell-operator-nothing-stored": "nothing was stored; tell the server's operator",
  "oauth.no-client":
    "authorization server {issuer} offers neither dynamic client registration nor client ID metadata documents, and the connector declares no client id",
  "oauth.no-client-metadata-unsupported":
    "authorization server {issuer} offers neither dynamic client registration nor client ID metadata documents (it does not support them), and the connector declares no client id",
  "oauth.no-client-hint":
    "the connector's publisher must register a client with the server and declare its `oauth.clientId`",
  "oauth.redirect-registered":
    "the authorization server registered a redirect URI other than Connectory's loopback address",
  "oauth.redirect-registered-hint":
    "a code sent elsewhere could be stolen; nothing was stored. Tell the server's operator",
  "oauth.url-not-vetted": "the authorization URL is not the vetted endpoint",
  "oauth.request-no-pkce": "the authorization request lacks PKCE S256",
  "oauth.redirect-other": "the redirect URI is not {url}",
  "oauth.nothing-stored": "nothing was stored",
  "oauth.registering-again":
    "{issuer} no longer accepts the client Connectory registered before: registering again…",
  "oauth.timeout": "no sign-in came back within {seconds} s",
  "oauth.timeout-hint": "finish the sign-in in the browser sooner, or pass --timeout <seconds>",
  "oauth.denied": "the authorization server said {error}",
  "oauth.denied-hint": "sign in again and approve the request: connectory auth <server>",
  "oauth.state-mismatch": "the sign-in came back with another state than was sent",
  "oauth.state-mismatch-hint":
    "a forged or stale redirect reached the listener; nothing was stored. Sign in again",
  "oauth.iss-mismatch": "the sign-in came back from issuer {iss}, not {issuer}",
  "oauth.iss-unnamed": "the sign-in came back from issuer (none named), not {issuer}",
  "oauth.iss-mismatch-hint": "a mix-up attack, or a misconfigured server (RFC 9207); nothing was stored",
  "oauth.no-code": "the sign-in came back without a code",
  "oauth.no-code-hint": "sign in again",
  "oauth.start-failed": "could not start the sign-in: {why}",
  "oauth.redeem-failed": "could not redeem the code: {why}",
  "oauth.try-again-or-operator": "nothing was stored; try again, or tell the server's operator",
  "oauth.no-bearer": "the token endpoint returned no bearer access token",
  "oauth.no-bearer-hint": "tell the server's operator; nothing was stored",
  "oauth.token-refused": "the server refused the token its authorization server just issued (HTTP 401)",
  "oauth.token-refused-hint":
    "the token may be for another resource; nothing was stored. Tell the server's operator",
  "oauth.step-up-exhausted":
    "the server still refuses the token for lack of scope after {n} step-ups (asked for: {scope})",
  "oauth.step-up-exhausted-unnamed":
    "the server still refuses the token for lack of scope after {n} step-ups (asked for: no scope named)",
  "oauth.step-up-exhausted-hint": "your account may not be allowed those scopes; nothing was stored",
  "oauth.required-forgotten":
    'server "{server}" needs a new sign-in: the authorization server no longer knows this client',
  "oauth.required-refresh-refused": 'server "{server}" needs a new sign-in: the refresh token was refused',
  "oauth.required-expired":
    'server "{server}" needs a new sign-in: the access token expired and cannot be refreshed',
  "oauth.required-browser": 'server "{server}" needs a new sign-in: a browser sign-in is needed',
  "oauth.required-none":
    'server "{server}" needs a new sign-in: it signs in with OAuth and has no sign-in yet',
  "oauth.required-hint": "run `connectory auth {server}`",
  "oauth.scope-more": 'server "{server}" needs more scopes than its sign-in has',
  "oauth.scope-more-named": 'server "{server}" needs more scopes than its sign-in has (it asks for: {scope})',
  "oauth.scope-more-hint": "run `{command}`",
};

/** A key of this file's part of the tables. */
export type OAuthMessageKey = keyof typeof enOAuth;
