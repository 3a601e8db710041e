import { localizedError } from "../terminal/language.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { MAX_COMPRESSED_BYTES } from "../../src/core/package/limits.js";
import type {
  ReceivedConnectorDocument,
  ReceivedListItem,
  ReceivedVersionDocument,
} from "../../src/core/api/documents.js";
import { problemError } from "./problem-error.js";
import type { ServerList } from "../../src/core/official/types.js";
import { httpGet, type GetFn, type GetResponse } from "./http-get.js";
import { fetchRegistry } from "./registry-fetch.js";
import {
  invalid,
  normalizeConnector,
  normalizeHits,
  normalizeVersionDocument,
} from "./registry-documents.js";
import { parseForeignJson } from "../../src/core/json-depth.js";

/** Metadata documents are small; a registry that sends more is broken or hostile. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
const METADATA_TIMEOUT_MS = 15_000;

/** The query of `GET /v1/connectors` (docs/http-api.md). */
export interface SearchParams {
  q?: string;
  category?: string;
  /** One of SORT_KEYS (src/core/api/search.ts); the registry's default when absent. */
  sort?: string;
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}
const TARBALL_TIMEOUT_MS = 120_000;

export interface DownloadOptions {
  /** Called as bytes arrive; `total` is the Content-Length when the server sends one. */
  onProgress?: (received: number, total: number | undefined) => void;
  maxBytes?: number;
}

/**
 * Typed GETs of the registry API (docs/http-api.md) at `baseUrl`, through the command's `fetch`. Given the
 * process's own fetch, it makes the same requests over node:http instead (http-get.ts: undici's start-up
 * is a quarter of an install's CPU); a fetch a test injects is used as given.
 */
export class RegistryClient {
  readonly baseUrl: string;
  private readonly fetchFn: GetFn;

  constructor(baseUrl: string, fetchFn: typeof fetch) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetchFn = fetchFn === globalThis.fetch ? httpGet : (url, init) => fetchFn(url, init);
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
  async search(params: SearchParams): Promise<ReceivedListItem[]> {
    return (await this.searchPage(params)).hits;
  }

  /**
   * One page of search results; `nextCursor` (pass it back as `cursor`) when the registry has more after
   * it, and `more` for callers that only need to know that.
   */
  async searchPage(
    params: SearchParams,
  ): Promise<{ hits: ReceivedListItem[]; more: boolean; nextCursor: string | undefined }> {
    const query = new URLSearchParams();
    if (params.q) query.set("q", params.q);
    if (params.category) query.set("category", params.category);
    if (params.sort) query.set("sort", params.sort);
    if (params.limit !== undefined) query.set("limit", String(params.limit));
    if (params.cursor) query.set("cursor", params.cursor);
    const body = await this.getJson(`/v1/connectors?${query}`);
    const cursor =
      typeof body === "object" && body !== null ? (body as { nextCursor?: unknown }).nextCursor : undefined;
    const nextCursor = typeof cursor === "string" && cursor !== "" ? cursor : undefined;
    return { hits: normalizeHits(body), more: nextCursor !== undefined, nextCursor };
  }

  /** The connector document: every version, dist-tags, integrity. */
  async connector(name: string): Promise<ReceivedConnectorDocument> {
    return normalizeConnector(name, await this.getJson(`/v1/connectors/${encodeURIComponent(name)}`));
  }

  /** One version (or tag) in detail. */
  async version(name: string, version: string): Promise<ReceivedVersionDocument> {
    const body = await this.getJson(
      `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}`,
    );
    return normalizeVersionDocument(name, version, body);
  }

  /** The official registry entries (server.json) of one exact version: `{ servers, metadata }`. */
  async serverJson(name: string, version: string): Promise<ServerList> {
    const body = await this.getJson(
      `/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}/server.json`,
    );
    if (typeof body !== "object" || body === null || !Array.isArray((body as ServerList).servers))
      throw invalid(`${this.baseUrl}/v1/connectors/${name}/${version}/server.json`, "it has no servers list");
    return body as ServerList;
  }

  /** Downloads the exact tarball bytes, refusing more than `maxBytes` (default 5 MiB). */
  async download(url: string, options: DownloadOptions = {}): Promise<Uint8Array> {
    const max = options.maxBytes ?? MAX_COMPRESSED_BYTES;
    const res = await this.request(url, TARBALL_TIMEOUT_MS);
    const declared = Number(res.headers.get("content-length") ?? NaN);
    const total = Number.isFinite(declared) ? declared : undefined;
    if (total !== undefined && total > max) {
      await res.body?.cancel();
      throw tooLarge(url, max);
    }
    return readLimited(res, max, url, (n) => options.onProgress?.(n, total));
  }

  /** The registry's public keys (`/.well-known/connectory/keys`), unchecked: cli/verify/ reads them. */
  async signingKeys(): Promise<unknown> {
    return this.getJson("/.well-known/connectory/keys");
  }

  /** The transparency log's newest signed checkpoint, as text (cli/verify/ parses and verifies it). */
  async checkpoint(): Promise<string> {
    const url = `${this.baseUrl}/v1/log/checkpoint`;
    const res = await this.request(url, METADATA_TIMEOUT_MS);
    return new TextDecoder().decode(await readLimited(res, 8192, url));
  }

  /** An inclusion proof (`{ proof: base64[] }`) or a consistency proof, unchecked. */
  async logProof(kind: "inclusion" | "consistency", query: Record<string, number>): Promise<unknown> {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return this.getJson(`/v1/log/proof/${kind}?${params.toString()}`);
  }

  private async getJson(pathAndQuery: string): Promise<unknown> {
    const url = `${this.baseUrl}${pathAndQuery}`;
    const res = await this.request(url, METADATA_TIMEOUT_MS);
    const bytes = await readLimited(res, MAX_JSON_BYTES, url);
    try {
      return parseForeignJson(new TextDecoder().decode(bytes));
    } catch {
      throw invalid(url, { notJson: true });
    }
  }

  /** A GET that turns network failures and problem+json answers into ConnectoryErrors. */
  private async request(url: string, timeoutMs: number): Promise<GetResponse> {
    const res = await fetchRegistry(
      this.fetchFn,
      this.baseUrl,
      url,
      {
        headers: { accept: "application/json, application/problem+json;q=0.9, */*;q=0.1" },
        signal: AbortSignal.timeout(timeoutMs),
      },
      { key: "error.unreachable-hint" },
    );
    if (!res.ok) throw await problemFrom(res, url);
    return res;
  }
}

/** Reads a body, aborting past `max` bytes (a lying or absent Content-Length cannot exhaust memory). */
async function readLimited(
  res: GetResponse,
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
      throw localizedError(
        "registry.download.failed",
        { key: "error.download-failed", params: { url } },
        { key: "error.download-failed-hint" },
        { cause: error },
      );
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

async function problemFrom(res: GetResponse, url: string): Promise<ConnectoryError> {
  return problemError(res.status, await res.text().catch(() => ""), {
    code: res.status === 404 ? "registry.not-found" : `registry.http.${res.status}`,
    message: `${url} answered ${res.status} ${res.statusText}`,
    hint: res.status === 404 ? undefined : `the registry at ${new URL(url).origin} refused the request`,
    localized: {
      message: {
        key: "publish-api.refused",
        params: { url, status: res.status, statusText: res.statusText },
      },
      ...(res.status === 404
        ? {}
        : { hint: { key: "registry.refused-hint", params: { origin: new URL(url).origin } } }),
    },
  });
}

function tooLarge(url: string, max: number): ConnectoryError {
  return localizedError(
    "registry.download.too-large",
    { key: "registry.download-too-large", params: { url, max } },
    { key: "registry.download-too-large-hint" },
  );
}
