import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Prepared } from "../core/api/prepared.js";
import type { OfficialApi } from "../registry/official/official-api.js";
import { etagMatches } from "./prepared-response.js";

// GET /v0.1/servers/{name}/versions/{version} (and /v0), with the name as one %2F-encoded segment and no
// query string: what VS Code and add-mcp repeat for every server they show. Anything else goes through Hono.
const ENTRY_PATH =
  /^\/v0(?:\.1)?\/servers\/([A-Za-z0-9.-]+%2[Ff][A-Za-z0-9._-]+)\/versions\/([A-Za-z0-9.+-]{1,255})$/;

// GET /v0.1/servers (and /v0) with plain keys, each once, and values of URL-safe characters, `+` and
// percent-encoded UTF-8: the listing VS Code and add-mcp page through. Other queries go through Hono.
const LIST_PATH = /^\/v0(?:\.1)?\/servers(?:\?((?:[a-z_]+=[A-Za-z0-9._~:*%+-]*(?:&|$))*))?$/;
const LIST_KEYS = new Set(["search", "cursor", "limit", "version", "updated_since", "include_deleted"]);

/** Encoded bodies of the prepared entries (which are themselves remembered objects). */
const encoded = new WeakMap<Prepared, Buffer>();

/**
 * The official API's counterpart of withFastPath (src/http/fast-path.ts): a found entry, or a listing
 * page, is written from node:http with the status, headers (CORS included) and body the Hono route sends
 * (test/http/official-fast-path.test.ts compares them); a missing entry or any error (a bad query's 422
 * included) falls through to `next`, which answers.
 */
export function withOfficialFastPath(
  next: RequestListener,
  official: () => OfficialApi | undefined,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (incoming, outgoing) => {
    const url = incoming.method === "GET" ? (incoming.url ?? "") : "";
    const match = ENTRY_PATH.exec(url);
    const params = match ? undefined : listParams(url);
    const api = match || params ? official() : undefined;
    if (!api || !(match || params)) return next(incoming, outgoing);
    (match
      ? api.version(match[1]!.replace("%2F", "/").replace("%2f", "/"), match[2]!, false)
      : api.list(params!)
    )
      .then(
        // A page is encoded per request (microseconds): kept twice, pages would double the cache's memory.
        (answer) => send(incoming, outgoing, answer, match !== null),
        () => next(incoming, outgoing),
      )
      .catch((error: Error) => outgoing.destroy(error)); // a bug here: never a half-written answer
  };
}

/** The listing's parameters when the fast path can read them as Hono would, else undefined. */
function listParams(url: string): Record<string, string> | undefined {
  const query = LIST_PATH.exec(url);
  if (!query) return undefined;
  const params: Record<string, string> = {};
  for (const pair of query[1] ? query[1].split("&") : []) {
    if (pair === "") continue; // the `&` closing the last pair
    const at = pair.indexOf("=");
    const key = pair.slice(0, at);
    if (Object.hasOwn(params, key)) return undefined; // a repeated key: Hono decides which counts
    if (!LIST_KEYS.has(key)) continue; // ignored, as Hono's route does
    try {
      params[key] = decodeURIComponent(pair.slice(at + 1).replaceAll("+", " ")); // as Hono decodes
    } catch {
      return undefined; // malformed: Hono keeps what it cannot decode, its way
    }
  }
  return params;
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, entry: Prepared, keep: boolean): void {
  const headers = { "access-control-allow-origin": "*", "cache-control": "no-cache", etag: entry.etag };
  if (etagMatches(incoming.headers["if-none-match"], entry.etag)) {
    outgoing.writeHead(304, headers);
    outgoing.end();
    return;
  }
  let body = encoded.get(entry);
  if (!body) {
    body = Buffer.from(entry.body);
    if (keep) encoded.set(entry, body);
  }
  outgoing.writeHead(200, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "Content-Length": body.byteLength,
  });
  outgoing.end(body);
}
