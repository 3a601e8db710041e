import { localizedError } from "../terminal/language.js";
import { problemError } from "../registry/problem-error.js";
import { fetchRegistry } from "../registry/registry-fetch.js";

type Env = Record<string, string | undefined>;

/** Which CI can hand out an OIDC ID token here: GitHub Actions (id-token: write) or GitLab (id_tokens). */
export function ciTokenSource(env: Env): "github-actions" | "gitlab-ci" | undefined {
  if (env.ACTIONS_ID_TOKEN_REQUEST_URL && env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) return "github-actions";
  if (env.CONNECTORY_ID_TOKEN) return "gitlab-ci";
  return undefined;
}

/**
 * Trusted publishing from CI (docs/publishers.md): gets the CI's ID token for the registry's audience
 * (its URL), and exchanges it (POST /v1/oidc/token) for a 15-minute token that publishes `connector`
 * only. Neither token is ever printed.
 */
export async function ciPublishToken(
  env: Env,
  fetchFn: typeof fetch,
  registryUrl: string,
  connector: string,
): Promise<{ token: string; expiresAt: string; source: string }> {
  const base = registryUrl.replace(/\/+$/, "");
  const audience = env.CONNECTORY_OIDC_AUDIENCE || base;
  const source = ciTokenSource(env);
  let idToken: string;
  if (source === "github-actions") idToken = await githubIdToken(env, fetchFn, audience);
  else if (source === "gitlab-ci") idToken = env.CONNECTORY_ID_TOKEN!;
  else throw localizedError("publish.oidc.unavailable", { key: "oidc.not-ci" }, { key: "oidc.not-ci-hint" });
  const res = await fetchRegistry(fetchFn, base, `${base}/v1/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ token: idToken, connector }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!res.ok)
    throw problemError(res.status, text, {
      code: "publish.oidc.refused",
      message: `${base} refused the CI token (${res.status})`,
      hint: `check the trusted publisher: connectory trusted-publisher list ${connector}`,
      localized: {
        message: { key: "oidc.refused", params: { url: base, status: res.status } },
        hint: { key: "oidc.refused-hint", params: { connector } },
      },
    });
  const body = JSON.parse(text) as { token?: unknown; expiresAt?: unknown };
  if (typeof body.token !== "string")
    throw localizedError("publish.oidc.refused", { key: "oidc.no-token", params: { url: base } });
  return { token: body.token, expiresAt: String(body.expiresAt ?? ""), source: source };
}

/** GitHub Actions' ID token: GET ACTIONS_ID_TOKEN_REQUEST_URL&audience=… with the request token. */
async function githubIdToken(env: Env, fetchFn: typeof fetch, audience: string): Promise<string> {
  const url = new URL(env.ACTIONS_ID_TOKEN_REQUEST_URL!);
  url.searchParams.set("audience", audience);
  let value: unknown;
  try {
    const res = await fetchFn(url, {
      headers: { authorization: `bearer ${env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}`, accept: "application/json" },
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    value = ((await res.json()) as { value?: unknown }).value;
  } catch (error) {
    throw localizedError(
      "publish.oidc.id-token",
      { key: "oidc.github-refused" },
      { key: "oidc.github-hint" },
      { cause: error },
    );
  }
  if (typeof value !== "string" || value === "")
    throw localizedError("publish.oidc.id-token", { key: "oidc.github-empty" }, { key: "oidc.github-hint" });
  return value;
}
