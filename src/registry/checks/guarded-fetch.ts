import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { ConnectoryError } from "../../core/errors.js";
import { refusal, type Allowlist } from "../address-guard.js";

/** The limits of one checker request. */
export interface GuardOptions {
  allow: Allowlist;
  /** Response bodies larger than this fail (`check.response.too-large`); default 1 MiB. */
  maxBytes?: number;
  /** Until the response headers arrive; default 10 s. */
  headersTimeoutMs?: number;
  /** Redirects followed (each hop guarded again); default 3. */
  maxRedirects?: number;
  /** Aborts everything in flight (the whole check's deadline). */
  signal?: AbortSignal;
  /** Name resolution; default dns.lookup (tests may resolve names their own way). */
  resolve?: typeof dns.lookup;
  /** Called with the guard's refusal, so the checker can report it however the caller wrapped it. */
  onRefusal?: (error: ConnectoryError) => void;
}

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch for the checker that connects only where the SSRF guard allows. Names are resolved by a
 * `lookup` handed to the socket itself, which refuses private answers, so the address checked is the
 * address connected to (no gap for a DNS rebinding between a check and the connect); IP literals are
 * checked before connecting; redirects are followed by hand, each hop guarded again. Bodies are capped.
 */
export function guardedFetch(options: GuardOptions): FetchLike {
  const maxRedirects = options.maxRedirects ?? 3;
  const fail = (error: ConnectoryError): never => {
    options.onRefusal?.(error);
    throw error;
  };
  return async (input, init = {}) => {
    let url = new URL(String(input));
    let method = (init.method ?? "GET").toUpperCase();
    let body = await bodyBytes(init.body);
    const headers = headerObject(init.headers);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new ConnectoryError(
          "check.url.scheme",
          `the checker speaks http and https only, not ${url.protocol}`,
        );
      }
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) !== 0) {
        const refused = refusal(host, host, options.allow);
        if (refused) fail(refused);
      }
      const response = await request(url, method, headers, body, init.signal ?? undefined, options, fail);
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || location === null || init.redirect === "manual") return response;
      await response.body?.cancel().catch(() => undefined);
      if (init.redirect === "error") throw new ConnectoryError("check.redirect", "the server redirected");
      if (hop >= maxRedirects)
        throw new ConnectoryError("check.redirect.too-many", `more than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        delete headers.authorization;
        delete headers.cookie;
      }
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === "POST")
      ) {
        method = "GET";
        body = undefined;
        delete headers["content-type"];
      }
      url = next;
    }
  };
}

function request(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  callerSignal: AbortSignal | undefined,
  options: GuardOptions,
  fail: (error: ConnectoryError) => never,
): Promise<Response> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const resolve = options.resolve ?? dns.lookup;
  // The socket's own resolver: only allowed addresses reach `connect`, whatever the name resolves to now.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = found as unknown as dns.LookupAddress[];
      for (const a of addresses) {
        const refused = refusal(a.address, hostname, options.allow);
        if (refused) return callback(refused as unknown as NodeJS.ErrnoException, "", 0);
      }
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
  const signals = [callerSignal, options.signal].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  return new Promise<Response>((resolvePromise, reject) => {
    if (signal?.aborted) return reject(timeoutError());
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method,
      headers: { ...headers, ...(body ? { "content-length": String(body.byteLength) } : {}) },
      lookup,
      agent: false,
      servername: isIP(host) === 0 ? host : undefined,
    } as https.RequestOptions);
    const timer = setTimeout(
      () => req.destroy(new ConnectoryError("check.timeout", "no response headers in time")),
      options.headersTimeoutMs ?? 10_000,
    );
    const onAbort = () => req.destroy(timeoutError());
    signal?.addEventListener("abort", onAbort, { once: true });
    req.once("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    req.once("response", (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) {
        res.destroy();
        return reject(new ConnectoryError("check.response.status", `unexpected HTTP status ${status}`));
      }
      const declared = Number(res.headers["content-length"] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        return reject(tooLarge(maxBytes));
      }
      res.once("close", () => signal?.removeEventListener("abort", onAbort));
      const stream = cappedStream(res, maxBytes);
      const responseHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        try {
          responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        } catch {
          // a header the Fetch API rejects (bad bytes) is dropped, not fatal
        }
      }
      const empty = status === 204 || status === 304 || method === "HEAD";
      resolvePromise(
        new Response(empty ? (res.resume(), null) : stream, {
          status,
          statusText: res.statusMessage ?? "",
          headers: responseHeaders,
        }),
      );
    });
    req.end(body);
  }).catch((error: unknown) => {
    if (error instanceof ConnectoryError && error.code.startsWith("check.ssrf.")) fail(error);
    throw error;
  });
}

/**
 * The body as a web stream that fails past `maxBytes`. Written by hand: Readable.toWeb throws from a
 * later chunk once the consumer has cancelled (Node 20), which would crash the process.
 */
function cappedStream(res: http.IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  let done = false;
  let seen = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = (error?: unknown) => {
          if (done) return;
          done = true;
          if (error) controller.error(error);
          else controller.close();
        };
        res.on("data", (chunk: Buffer) => {
          if (done) return;
          seen += chunk.byteLength;
          if (seen > maxBytes) {
            end(tooLarge(maxBytes));
            res.destroy();
            return;
          }
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 1) <= 0) res.pause();
        });
        res.once("end", () => end());
        res.once("error", (error) => end(error));
        res.once("close", () =>
          end(res.complete ? undefined : new Error("the connection closed mid-response")),
        );
      },
      pull() {
        res.resume();
      },
      cancel() {
        done = true;
        res.destroy();
      },
    },
    { highWaterMark: 16 },
  );
}

function timeoutError(): ConnectoryError {
  return new ConnectoryError("check.timeout", "the check ran out of time");
}

function tooLarge(maxBytes: number): ConnectoryError {
  return new ConnectoryError("check.response.too-large", `the response is larger than ${maxBytes} bytes`);
}

function headerObject(init: RequestInit["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, key) => (out[key] = value));
  return out;
}

async function bodyBytes(body: RequestInit["body"]): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  return Buffer.from(await new Response(body).arrayBuffer());
}
