import type {
  PublishedDocument,
  ToolsReportedDocument,
  WhoamiDocument,
} from "../../src/core/api/documents.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { problemError } from "./problem-error.js";
import { sayEnglish } from "../terminal/language.js";
import { fetchRegistry } from "./registry-fetch.js";

const TIMEOUT_MS = 120_000;

/** The authenticated calls of the registry API (docs/http-api.md): who a token is, publishing, reporting tools. */
export class PublishClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly fetchFn: typeof fetch,
    private readonly token: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  /** The publisher the token belongs to (GET /v1/whoami); 401 becomes `auth.invalid`. */
  async whoami(): Promise<WhoamiDocument> {
    const res = await this.call("/v1/whoami", { method: "GET" });
    return (await res.json()) as WhoamiDocument;
  }

  /** PUT /v1/connectors/:name with the tarball as the body. */
  async publish(name: string, bytes: Uint8Array): Promise<PublishedDocument> {
    const res = await this.call(`/v1/connectors/${encodeURIComponent(name)}`, {
      method: "PUT",
      headers: { "content-type": "application/gzip" },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    return (await res.json()) as PublishedDocument;
  }

  /**
   * PUT /v1/connectors/:name/:version/tools: reports the tools a version's servers list (the owner only;
   * a new report replaces the previous one).
   */
  async reportTools(
    name: string,
    version: string,
    tools: readonly unknown[],
  ): Promise<ToolsReportedDocument> {
    const res = await this.call(
      `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}/tools`,
      {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tools }),
      },
    );
    return (await res.json()) as ToolsReportedDocument;
  }

  protected async call(pathname: string, init: RequestInit): Promise<Response> {
    const url = `${this.baseUrl}${pathname}`;
    const res = await fetchRegistry(this.fetchFn, this.baseUrl, url, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        authorization: `Bearer ${this.token}`,
        accept: "application/json",
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw await problemToError(res, this.baseUrl);
    return res;
  }
}

/** A problem+json answer as a ConnectoryError; a 401 always says how to log in again. */
async function problemToError(res: Response, baseUrl: string): Promise<ConnectoryError> {
  const said = { url: baseUrl, status: res.status, statusText: res.statusText };
  const error = problemError(res.status, await res.text().catch(() => ""), {
    code: `registry.http.${res.status}`,
    message: sayEnglish("publish-api.refused", said),
    hint: sayEnglish("publish-api.refused-hint", said),
    localized: {
      message: { key: "publish-api.refused", params: said },
      hint: { key: "publish-api.refused-hint", params: said },
    },
  });
  if (res.status !== 401) return error;
  return new ConnectoryError(error.code, error.message, {
    status: 401,
    hint: sayEnglish("publish-api.login-again"),
    localized: { ...error.localized, hint: { key: "publish-api.login-again" } },
  });
}
