import type { OAuthRecord } from "./oauth-record.js";

/**
 * RFC 7009 revocation of a sign-in's tokens at the endpoint vetted at sign-in (the refresh token
 * first: revoking it usually ends the whole grant). True when the server offers revocation and took
 * every request; false when it offers none. A failed request is reported, not thrown: the local
 * sign-in is removed either way.
 */
export async function revokeTokens(
  record: OAuthRecord,
  fetchFn: typeof fetch,
  log: (message: string) => void,
): Promise<boolean> {
  const endpoint = record.metadata["revocation_endpoint"];
  if (typeof endpoint !== "string") return false;
  const clientId = String(record.client["client_id"] ?? "");
  const secret = record.client["client_secret"];
  const tokens: Array<[string, string]> = [];
  if (record.tokens.refresh_token) tokens.push([record.tokens.refresh_token, "refresh_token"]);
  tokens.push([record.tokens.access_token, "access_token"]);
  let all = true;
  for (const [token, hint] of tokens) {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: clientId });
    if (typeof secret === "string") body.set("client_secret", secret);
    const response = await fetchFn(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    }).catch((error: Error) => error);
    if (response instanceof Error || !response.ok) {
      all = false;
      log(
        `the authorization server did not confirm revoking the ${hint.replace("_", " ")} (${
          response instanceof Error ? response.message : `HTTP ${response.status}`
        }); it was removed here anyway`,
      );
    }
    if (!(response instanceof Error)) await response.body?.cancel().catch(() => undefined);
  }
  return all;
}
