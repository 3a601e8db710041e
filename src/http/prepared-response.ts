import type { Context } from "hono";
import type { Prepared } from "../core/api/prepared.js";

/** True when an If-None-Match header value already holds `etag` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/** True when the request's If-None-Match already holds `etag`. */
export function notModified(c: Context, etag: string): boolean {
  return etagMatches(c.req.header("if-none-match"), etag);
}

/** Serves prepared JSON bytes with their ETag, or a 304 when the client has them. */
export function sendPrepared(c: Context, doc: Prepared): Response {
  const headers = { etag: doc.etag, "cache-control": "no-cache" };
  if (notModified(c, doc.etag)) return c.body(null, 304, headers);
  return c.body(doc.body, 200, { ...headers, "content-type": "application/json; charset=utf-8" });
}
