import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import zlib from "node:zlib";

/** The part of a fetch Response the registry client reads. */
export interface GetResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

/** A GET as the registry client makes it: `fetch(url, { headers, signal })`. */
export type GetFn = (
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<GetResponse>;

// fetch's limit (WHATWG Fetch §4.4 step 5).
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch(url, { headers, signal })` for a GET, over node:http(s). Node's fetch (undici) costs ~100 ms
 * of CPU the first time a process uses it (loading and compiling undici and its WebAssembly HTTP
 * parser); a CLI that makes two or three requests per run pays it every run (issue 4: an install
 * ≤ 400 ms). Same behaviour for what the registry client relies on: redirects followed (at most 20),
 * the signal's reason (e.g. a TimeoutError) as the rejection or the body's error, gzip/deflate/br
 * content decoded, the body as a web ReadableStream.
 */
export async function httpGet(
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<GetResponse> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== "http:" && target.protocol !== "https:")
      throw new TypeError(`fetch failed: ${target.protocol} URLs are not supported`);
    const res = await request(target, init);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined) return response(res, init.signal);
    res.resume(); // a redirect's own body is not read
    if (redirects === MAX_REDIRECTS) throw new TypeError("fetch failed: too many redirects");
    target = new URL(location, target);
  }
}

function request(target: URL, init: { headers?: Record<string, string>; signal?: AbortSignal }) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(signal.reason);
    const get = target.protocol === "https:" ? https.get : http.get;
    // fetch's defaults for what the caller leaves out; no Accept-Encoding (identity), decoded anyway below.
    const headers = { accept: "*/*", "user-agent": "node", ...init.headers };
    const req = get(target, { headers }, (res) => {
      signal?.removeEventListener("abort", onAbort);
      resolve(res);
    });
    // Aborting rejects with the signal's reason, as fetch does (AbortSignal.timeout: a TimeoutError).
    const onAbort = () => {
      req.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new TypeError("fetch failed", { cause: error }));
    });
  });
}

function response(res: http.IncomingMessage, signal: AbortSignal | undefined): GetResponse {
  const status = res.statusCode ?? 0;
  // An abort after the headers errors the body, as it does with fetch.
  const onAbort = () => res.destroy(signal!.reason as Error);
  signal?.addEventListener("abort", onAbort, { once: true });
  res.once("close", () => signal?.removeEventListener("abort", onAbort));
  const decoded = decode(res);
  const hasBody = status !== 204 && status !== 304;
  const body = hasBody ? (Readable.toWeb(decoded) as ReadableStream<Uint8Array>) : null;
  if (!hasBody) res.resume();
  return {
    ok: status >= 200 && status <= 299,
    status,
    statusText: res.statusMessage ?? "",
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    body,
    text: async () => {
      if (!body) return "";
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}

/** The body without its Content-Encoding, as fetch hands it over. */
function decode(res: http.IncomingMessage): Readable {
  const encoding = (res.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on("error", (error) => decoder.destroy(error));
  return res.pipe(decoder);
}
