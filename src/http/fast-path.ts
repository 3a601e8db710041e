import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Registry } from "../registry/registry.js";
import { etagMatches } from "./prepared-response.js";

// GET /v1/connectors/:name with a valid name (DESIGN §2) and an optional query string, which the route
// ignores. Anything else (other methods, percent-encoding, trailing slash, absolute-form targets) goes
// through Hono.
const CONNECTOR_PATH = /^\/v1\/connectors\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(?:\?|$)/;

/**
 * Wraps the Hono listener with a node:http fast path for the hottest read, the connector document
 * (issue 3: ≥ 10,000 req/s on one process). Hono's Request/Context/Response round trip costs about
 * as much as the rest of the request; here the prepared bytes go straight to the socket. It answers
 * only a found document (200, or 304 on a matching If-None-Match) with the exact status, headers and
 * body the Hono route sends (test/http/fast-path.test.ts compares the two); anything else — a missing
 * connector, a bad name, an error — falls back to `next`, which answers it as before. Routes or
 * middleware added to the app do not run for these requests: put them in front of this wrapper too.
 */
export function withFastPath(
  next: RequestListener,
  registry: () => Registry | undefined,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (incoming, outgoing) => {
    const match = incoming.method === "GET" ? CONNECTOR_PATH.exec(incoming.url ?? "") : null;
    const reg = match ? registry() : undefined;
    if (!match || !reg) return next(incoming, outgoing);
    reg.connector(match[1]!).then(
      (doc) => {
        if (etagMatches(incoming.headers["if-none-match"], doc.etag)) {
          outgoing.writeHead(304, { "cache-control": "no-cache", etag: doc.etag });
          outgoing.end();
          return;
        }
        outgoing.writeHead(200, {
          "cache-control": "no-cache",
          "content-type": "application/json; charset=utf-8",
          etag: doc.etag,
          "Content-Length": Buffer.byteLength(doc.body),
        });
        outgoing.end(doc.body);
      },
      () => next(incoming, outgoing),
    );
  };
}
