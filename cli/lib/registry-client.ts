import { ConnectoryError } from "../../src/core/errors.js";
import type { ConnectorDocument, VersionSummary } from "../../src/core/resolve-version.js";
import type { Problem } from "../../src/core/types.js";

/** DESIGN §2: a tarball is at most 5 MiB compressed. */
export const MAX_TARBALL_BYTES = 5 * 1024 * 1024;
/** Metadata documents are small; a registry that sends more is broken or hostile. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
const METADATA_TIMEOUT_MS = 15_000;
const TARBALL_TIMEOUT_MS = 120_000;

/** One hit of `GET /v1/connectors?q=`, normalized from what the registry sends. */
export interface SearchHit {
  name: string;
  displayName?: string;
  description: string;
  version?: string;
  publisher?: string;
  categories: string[];
  downloads?: number;
}

/** `GET /v1/connectors/:name/:version`: one version's manifest, servers, credentials and skills. */
export interface VersionDocument {
  name: string;
  version: string;
  manifest: Record<string, unknown>;
  /** The package's mcp.json as published. */
  mcp: unknown;
  tokenSchema?: unknown;
  skills: Array<{ name: string; description: string }>;
  readme?: string;
  yanked?: boolean;
  deprecated?: string;
  dist?: VersionSummary["dist"];
}

export interface DownloadOptions {
  /** Called as bytes arrive; `total` is the Content-Length when the server sends one. */
  onProgress?: (received: number, total: number | undefined) => void;
  maxBytes?: number;
}

/** Typed GETs of the registry API (DESIGN §4) at `baseUrl`, through the command's `fetch`. */
export class RegistryClient {
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;

  constructor(baseUrl: string, fetchFn: typeof fetch) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetchFn = fetchFn;
  }

  /** True when `GET /healthz` answers 2xx within a short time. */
  async healthy(timeoutMs = 2_000): Promise<boolean> {
    try {
      const res = await this.fetchFn(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** Full-text search; `category` filters. */
  async search(params: { q?: string; category?: string; limit?: number }): Promise<SearchHit[]> {
    const query = new URLSearchParams();
    if (params.q) query.set("q", params.q);
    if (params.category) query.set("category", params.category);
    if (params.limit !== undefined) query.set("limit", String(params.limit));
    const body = await this.getJson(`/v1/connectors?${query}`);
    return normalizeHits(body);
  }

  /** The connector document: every version, dist-tags, integrity. */
  async connector(name: string): Promise<ConnectorDocument> {
    return normalizeConnector(name, await this.getJson(`/v1/connectors/${encodeURIComponent(name)}`));
  }

  /** One version (or tag) in detail. */
  async version(name: string, version: string): Promise<VersionDocument> {
    const body = await this.getJson(
      `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}`,
    );
    return normalizeVersionDocument(name, version, body);
  }

  /** Downloads the exact tarball bytes, refusing more than `maxBytes` (default 5 MiB). */
  async download(url: string, options: DownloadOptions = {}): Promise<Uint8Array> {
    const max = options.maxBytes ?? MAX_TARBALL_BYTES;
    const res = await this.request(url, TARBALL_TIMEOUT_MS);
    const declared = Number(res.headers.get("content-length") ?? NaN);
    const total = Number.isFinite(declared) ? declared : undefined;
    if (total !== undefined && total > max) {
      await res.body?.cancel();
      throw tooLarge(url, max);
    }
    return readLimited(res, max, url, (n) => options.onProgress?.(n, total));
  }

  private async getJson(pathAndQuery: string): Promise<unknown> {
    const url = `${this.baseUrl}${pathAndQuery}`;
    const res = await this.request(url, METADATA_TIMEOUT_MS);
    const bytes = await readLimited(res, MAX_JSON_BYTES, url);
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw invalid(url, "the response is not JSON");
    }
  }

  /** A GET that turns network failures and problem+json answers into ConnectoryErrors. */
  private async request(url: string, timeoutMs: number): Promise<Response> {
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        headers: { accept: "application/json, application/problem+json;q=0.9, */*;q=0.1" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      throw new ConnectoryError(
        "registry.unreachable",
        `registry unreachable at ${this.baseUrl}${timedOut ? " (timed out)" : ""}`,
        {
          hint: "check your network or that the registry is running; `connectory marketplace list` shows the URLs",
          cause: error,
        },
      );
    }
    if (!res.ok) throw await problemError(res, url);
    return res;
  }
}

/** Reads a body, aborting past `max` bytes (a lying or absent Content-Length cannot exhaust memory). */
async function readLimited(
  res: Response,
  max: number,
  url: string,
  onChunk?: (received: number) => void,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > max) {
          await reader.cancel();
          throw tooLarge(url, max);
        }
        chunks.push(value);
        onChunk?.(received);
      }
    } catch (error) {
      if (error instanceof ConnectoryError) throw error;
      throw new ConnectoryError("registry.download.failed", `download from ${url} failed`, {
        hint: "try again; nothing was installed",
        cause: error,
      });
    }
  }
  const out = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

async function problemError(res: Response, url: string): Promise<ConnectoryError> {
  let body: Record<string, unknown> = {};
  try {
    const text = await res.text();
    const parsed: unknown = JSON.parse(text.slice(0, 1_000_000));
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not problem+json (a proxy's HTML page, …): fall back to the status line.
  }
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const code = str(body.code) ?? (res.status === 404 ? "registry.not-found" : `registry.http.${res.status}`);
  const message = str(body.detail) ?? str(body.title) ?? `${url} answered ${res.status} ${res.statusText}`;
  const problems: Problem[] = Array.isArray(body.errors)
    ? body.errors.slice(0, 100).map((e: { path?: unknown; message?: unknown }) => ({
        code,
        severity: "error",
        file: "",
        path: typeof e?.path === "string" ? e.path : "",
        message: typeof e?.message === "string" ? e.message : String(e),
      }))
    : [];
  return new ConnectoryError(code, message, {
    status: res.status,
    ...(problems.length ? { problems } : {}),
    hint: str(body.hint) ?? (res.status === 404 ? undefined : `the registry at ${new URL(url).origin} refused the request`),
  });
}

function tooLarge(url: string, max: number): ConnectoryError {
  return new ConnectoryError("registry.download.too-large", `${url} is larger than ${max} bytes`, {
    hint: "a connector tarball is at most 5 MiB; the registry may be misconfigured",
  });
}

function invalid(url: string, why: string): ConnectoryError {
  return new ConnectoryError("registry.response.invalid", `${url}: ${why}`, {
    hint: "the registry does not speak the Connectory API (DESIGN §4); check the marketplace URL",
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const optString = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Checks the parts of a connector document the installer relies on; everything else passes through. */
export function normalizeConnector(name: string, body: unknown): ConnectorDocument {
  const where = `connector document of ${name}`;
  if (!isRecord(body) || !isRecord(body.versions)) throw invalid(where, "no `versions` object");
  const versions: Record<string, VersionSummary> = {};
  for (const [key, raw] of Object.entries(body.versions)) {
    if (!isRecord(raw) || !isRecord(raw.dist)) throw invalid(where, `version ${key} has no \`dist\``);
    const { tarball, integrity, sha256, size } = raw.dist;
    if (typeof tarball !== "string" || !/^https?:\/\//i.test(tarball))
      throw invalid(where, `version ${key}: dist.tarball must be an absolute http(s) URL`);
    if (typeof integrity !== "string" || !integrity.startsWith("sha512-"))
      throw invalid(where, `version ${key}: dist.integrity must be "sha512-…"`);
    const deprecated = raw.deprecated;
    versions[key] = {
      version: key,
      yanked: raw.yanked === true,
      ...(typeof raw.publishedAt === "string" ? { publishedAt: raw.publishedAt } : {}),
      ...(typeof deprecated === "string" && deprecated !== "" ? { deprecated } : {}),
      ...(deprecated === true ? { deprecated: "deprecated" } : {}),
      dist: {
        tarball,
        integrity,
        ...(typeof sha256 === "string" ? { sha256 } : {}),
        ...(typeof size === "number" ? { size } : {}),
      },
    };
  }
  const distTags: Record<string, string> = {};
  const rawTags = body.distTags ?? body["dist-tags"];
  if (isRecord(rawTags))
    for (const [t, v] of Object.entries(rawTags)) if (typeof v === "string") distTags[t] = v;
  return { ...body, name: optString(body.name) ?? name, distTags, versions };
}

/** Reads a version document whatever the registry calls its parts (`manifest`/`plugin`, `mcp`/`mcpJson`, …). */
export function normalizeVersionDocument(name: string, version: string, body: unknown): VersionDocument {
  if (!isRecord(body)) throw invalid(`version document of ${name}@${version}`, "not an object");
  const manifest = isRecord(body.manifest) ? body.manifest : isRecord(body.plugin) ? body.plugin : {};
  const skills = Array.isArray(body.skills)
    ? body.skills.filter(isRecord).map((s) => ({
        name: optString(s.name) ?? "?",
        description: optString(s.description) ?? "",
      }))
    : [];
  const dist = isRecord(body.dist) ? (body.dist as unknown as VersionSummary["dist"]) : undefined;
  const deprecated = optString(body.deprecated);
  const readme = optString(body.readme);
  return {
    name: optString(body.name) ?? optString(manifest.name) ?? name,
    version: optString(body.version) ?? optString(manifest.version) ?? version,
    manifest,
    mcp: body.mcp ?? body.mcpJson ?? body["mcp.json"] ?? body.servers ?? {},
    tokenSchema: body.tokenSchema ?? body["token-schema.json"] ?? body.tokenSchemaJson,
    skills,
    ...(readme !== undefined ? { readme } : {}),
    ...(body.yanked === true ? { yanked: true } : {}),
    ...(deprecated !== undefined ? { deprecated } : {}),
    ...(dist ? { dist } : {}),
  };
}

function normalizeHits(body: unknown): SearchHit[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? ([body.items, body.connectors, body.results, body.data].find(Array.isArray) ?? [])
      : [];
  return list.filter(isRecord).map((h) => {
    const tags = isRecord(h.distTags) ? h.distTags : {};
    const version = optString(h.version) ?? optString(h.latestVersion) ?? optString(tags.latest);
    const displayName = optString(h.displayName);
    const publisher = optString(h.publisher);
    return {
      name: optString(h.name) ?? "?",
      description: optString(h.description) ?? "",
      categories: Array.isArray(h.categories) ? h.categories.filter((c) => typeof c === "string") : [],
      ...(displayName !== undefined ? { displayName } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(publisher !== undefined ? { publisher } : {}),
      ...(typeof h.downloads === "number" ? { downloads: h.downloads } : {}),
    };
  });
}
