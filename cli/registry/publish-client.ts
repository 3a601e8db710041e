import { ConnectoryError } from "../../src/core/errors.js";
import type { Problem } from "../../src/core/types.js";

const TIMEOUT_MS = 120_000;

/** What the registry answers to a successful publish. */
export interface PublishResponse {
  name: string;
  version: string;
  integrity: string;
  sha256: string;
  size: number;
  url: string;
  tarball: string;
  warnings?: Problem[];
}

/** What the registry answers to a tools report. */
export interface ToolsResponse {
  name: string;
  version: string;
  tools: { reportedBy: "publisher"; reportedAt: string; count: number };
}

/** The authenticated calls of the registry API (DESIGN §4): who a token is, publishing, reporting tools. */
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
  async whoami(): Promise<{ publisher: string }> {
    const res = await this.call("/v1/whoami", { method: "GET" });
    return (await res.json()) as { publisher: string };
  }

  /** PUT /v1/connectors/:name with the tarball as the body. */
  async publish(name: string, bytes: Uint8Array): Promise<PublishResponse> {
    const res = await this.call(`/v1/connectors/${encodeURIComponent(name)}`, {
      method: "PUT",
      headers: { "content-type": "application/gzip" },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    return (await res.json()) as PublishResponse;
  }

  /**
   * PUT /v1/connectors/:name/:version/tools: reports the tools a version's servers list (the owner only;
   * a new report replaces the previous one).
   */
  async reportTools(name: string, version: string, tools: readonly unknown[]): Promise<ToolsResponse> {
    const res = await this.call(
      `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}/tools`,
      {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tools }),
      },
    );
    return (await res.json()) as ToolsResponse;
  }

  protected async call(pathname: string, init: RequestInit): Promise<Response> {
    const url = `${this.baseUrl}${pathname}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${this.token}`,
          accept: "application/json",
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ConnectoryError("registry.unreachable", `registry unreachable at ${this.baseUrl}`, {
        hint: "check the marketplace URL (`connectory marketplace list`) and that the registry is running",
        cause: error,
      });
    }
    if (!res.ok) throw await problemToError(res, this.baseUrl);
    return res;
  }
}

/** Turns a problem+json answer into a ConnectoryError with the server's code and per-file problems. */
async function problemToError(res: Response, baseUrl: string): Promise<ConnectoryError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse((await res.text()).slice(0, 2_000_000));
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // not problem+json (a proxy page): the status line has to do
  }
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const problems: Problem[] = Array.isArray(body.errors)
    ? body.errors.slice(0, 200).map((e: Record<string, unknown>) => ({
        code: str(e?.code) ?? "registry.problem",
        severity: "error" as const,
        file: str(e?.file) ?? "",
        path: str(e?.path) ?? "",
        message: str(e?.message) ?? String(e),
      }))
    : [];
  const code = str(body.code) ?? `registry.http.${res.status}`;
  const hint =
    res.status === 401
      ? "log in again with `connectory login <marketplace> --token <token>`"
      : (str(body.hint) ?? `the registry at ${baseUrl} refused the request (${res.status})`);
  return new ConnectoryError(
    code,
    str(body.detail) ?? `${baseUrl} answered ${res.status} ${res.statusText}`,
    {
      status: res.status,
      hint,
      ...(problems.length > 0 ? { problems } : {}),
    },
  );
}
