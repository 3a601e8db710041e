import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Prepared } from "../core/api/prepared.js";
import type { OfficialApi } from "../registry/official/official-api.js";
import { etagMatches } from "./prepared-response.js";

// GET /v0.1/servers/{name}/versions/{version} (and /v0), with the name as one %2F-encoded segment and no
// query string: what VS Code and add-mcp repeat for every server they show. Anything else goes through Hono.
const ENTRY_PATH =
  /^\/v0(?:\.1)?\/servers\/([A-Za-z0-9.-]+%2[Ff][A-Za-z0-9._-]+)\/versions\/([A-Za-z0-9.+-]{1,255})$/;

/** Encoded bodies of the prepared entries (which are themselves remembered objects). */
const encoded = new WeakMap<Prepared, Buffer>();

/**
 * The official API's counterpart of withFastPath (src/http/fast-path.ts): a found entry is written from
 * node:http with the status, headers (CORS included) and body the Hono route sends (test/http/official-
 * fast-path.test.ts compares them); a missing entry or any error falls through to `next`, which answers.
 */
export function withOfficialFastPath(
  next: RequestListener,
  official: () => OfficialApi | undefined,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (incoming, outgoing) => {
    const match = incoming.method === "GET" ? ENTRY_PATH.exec(incoming.url ?? "") : null;
    const api = match ? official() : undefined;
    if (!match || !api) return next(incoming, outgoing);
    const name = match[1]!.replace("%2F", "/").replace("%2f", "/");
    api
      .version(name, match[2]!, false)
      .then(
        (entry) => send(incoming, outgoing, entry),
        () => next(incoming, outgoing),
      )
      .catch((error: Error) => outgoing.destroy(error)); // a bug here: never a half-written answer
  };
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, entry: Prepared): void {
  const headers = { "access-control-allow-origin": "*", "cache-control": "no-cache", etag: entry.etag };
  if (etagMatches(incoming.headers["if-none-match"], entry.etag)) {
    outgoing.writeHead(304, headers);
    outgoing.end();
    return;
  }
  let body = encoded.get(entry);
  if (!body) encoded.set(entry, (body = Buffer.from(entry.body)));
  outgoing.writeHead(200, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "Content-Length": body.byteLength,
  });
  outgoing.end(body);
}
