import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Prepared } from "../db/repository.js";
import type { Registry } from "../registry/registry.js";
import { liveTail } from "../registry/documents.js";
import { etagMatches } from "./prepared-response.js";

// GET /v1/connectors/:name with a valid name (DESIGN §2) and an optional query string, which the route
// ignores. Anything else (other methods, percent-encoding, trailing slash, absolute-form targets) goes
// through Hono.
const CONNECTOR_PATH = /^\/v1\/connectors\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(?:\?|$)/;

/** Encoded documents by their ETag (a hash of the body, so an entry never goes stale), oldest first. */
const encoded = new Map<string, Buffer>();
const MAX_ENCODED_BYTES = 32 * 1024 * 1024;
let encodedBytes = 0;

/**
 * Wraps the Hono listener with a node:http fast path for the hottest read, the connector document
 * (issue 3: ≥ 10,000 req/s on one process). Hono's Request/Context/Response round trip and re-encoding
 * the document on every request cost more than the database read; here the prepared bytes, encoded once
 * per ETag, go straight to the socket. It answers only a found document (200, or 304 on a matching
 * If-None-Match) with the exact status, headers and body of the Hono route (test/http/fast-path.test.ts
 * compares them); anything else (a missing connector, a bad name, an error) falls through to `next`,
 * which answers as before. Middleware added to the app does not run for these requests.
 */
export function withFastPath(
  next: RequestListener,
  registry: () => Registry | undefined,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (incoming, outgoing) => {
    const match = incoming.method === "GET" ? CONNECTOR_PATH.exec(incoming.url ?? "") : null;
    const repo = match ? registry()?.deps.repo : undefined;
    if (!match || !repo) return next(incoming, outgoing);
    repo
      .connectorDocument(match[1]!)
      .then(
        (found) => (found ? send(incoming, outgoing, found) : next(incoming, outgoing)),
        () => next(incoming, outgoing),
      )
      .catch((error: Error) => outgoing.destroy(error)); // a bug here: never a half-written answer
  };
}

/** Writes the document as the route does: 304 on a matching If-None-Match, else 200 with the bytes. */
function send(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  found: Prepared & { downloads: number },
): void {
  // The live download count closes the document, as withDownloads does.
  const { tail, etag } = liveTail(found);
  if (etagMatches(incoming.headers["if-none-match"], etag)) {
    outgoing.writeHead(304, { "cache-control": "no-cache", etag });
    outgoing.end();
    return;
  }
  const head = encodedHead(found.etag, found.body);
  outgoing.writeHead(200, {
    "cache-control": "no-cache",
    "content-type": "application/json; charset=utf-8",
    etag,
    "Content-Length": head.byteLength + Buffer.byteLength(tail),
  });
  outgoing.cork(); // headers, document and tail leave in one write
  outgoing.write(head);
  outgoing.end(tail);
  outgoing.uncork();
}

/** The document's bytes without its closing brace, encoded once per ETag. */
function encodedHead(etag: string, body: string): Buffer {
  let bytes = encoded.get(etag);
  if (!bytes) {
    bytes = Buffer.from(body.slice(0, -1));
    if (bytes.byteLength > MAX_ENCODED_BYTES / 8) return bytes; // a huge document is not worth keeping
    for (const [key, old] of encoded) {
      if (encodedBytes + bytes.byteLength <= MAX_ENCODED_BYTES) break;
      encoded.delete(key);
      encodedBytes -= old.byteLength;
    }
    encoded.set(etag, bytes);
    encodedBytes += bytes.byteLength;
  }
  return bytes;
}
