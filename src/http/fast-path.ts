import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Prepared } from "../core/api/prepared.js";
import type { Registry } from "../registry/registry.js";
import { liveTail } from "../registry/documents.js";
import { etagMatches } from "./prepared-response.js";

// GET /v1/connectors/:name with a valid name (docs/package-format.md) and an optional query string, which the route
// ignores. Anything else (other methods, percent-encoding, trailing slash, absolute-form targets) goes
// through Hono.
const CONNECTOR_PATH = /^\/v1\/connectors\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(?:\?|$)/;

/** Encoded documents by their ETag (a hash of the body, so an entry never goes stale), oldest first. */
const encoded = new Map<string, Buffer>();
const MAX_ENCODED_BYTES = 32 * 1024 * 1024;
let encodedBytes = 0;

/** A connector's answer as it goes on the wire: the ETag with the live count, and the whole body. */
interface Ready {
  etag: string;
  body: Buffer;
}

/**
 * What one database's fast path keeps between requests: answers by connector name, valid while the
 * database's change counter (RegistryRepository.changeCounter) stays the same. The counter is asked at
 * most once per turn of the event loop (a busy loop serves many requests per turn), so a served
 * document is never older than the last commit seen before this turn began.
 */
interface Kept {
  ready: Map<string, Ready>;
  counter: number | undefined;
  /** The counter was asked during this turn of the event loop. */
  asked: boolean;
}
type RegistryRepository = Registry["deps"]["repo"];
const kept = new WeakMap<RegistryRepository, Kept>();
const MAX_READY = 10_000;

/** The answers kept for `repo`, emptied when its counter moved; undefined when it has no counter. */
function keptFor(repo: RegistryRepository): Kept | undefined {
  if (!repo.changeCounter) return undefined;
  let k = kept.get(repo);
  if (!k) kept.set(repo, (k = { ready: new Map(), counter: undefined, asked: false }));
  if (!k.asked) {
    k.asked = true;
    const state = k;
    setImmediate(() => (state.asked = false));
    const counter = repo.changeCounter();
    if (counter !== k.counter) {
      k.ready.clear();
      k.counter = counter;
    }
  }
  return k;
}

/**
 * Wraps the Hono listener with a node:http fast path for the hottest read, the connector document
 * (issue 3: ≥ 10,000 req/s on one process; issue 29: ≥ 0.6× a bare node:http server sending the same
 * bytes). Hono's Request/Context/Response round trip and re-encoding the document on every request cost
 * more than the database read; here the prepared bytes, encoded once per ETag, go straight to the socket,
 * and on SQLite the whole answer is kept by name until the database changes (no read at all). It answers
 * only a found document (200, or 304 on a matching If-None-Match) with the exact status, headers and
 * body of the Hono route (test/http/fast-path.test.ts compares them); anything else (a missing
 * connector, a bad name, an error) falls through to `next`, which answers as before. Middleware added
 * to the app does not run for these requests.
 */
export function withFastPath(
  next: RequestListener,
  registry: () => Registry | undefined,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (incoming, outgoing) => {
    const match = incoming.method === "GET" ? CONNECTOR_PATH.exec(incoming.url ?? "") : null;
    const repo = match ? registry()?.deps.repo : undefined;
    if (!match || !repo) return next(incoming, outgoing);
    const name = match[1]!;
    const k = keptFor(repo);
    const hit = k?.ready.get(name);
    if (hit) return send(incoming, outgoing, hit);
    const counter = k?.counter;
    repo
      .connectorDocument(name)
      .then(
        (found) => {
          if (!found) return next(incoming, outgoing);
          const ready = prepare(found);
          // Kept only if no commit was seen since the read began (else the next turn asks again).
          if (k && k.counter === counter) {
            if (k.ready.size >= MAX_READY) k.ready.delete(k.ready.keys().next().value as string);
            k.ready.set(name, ready);
          }
          send(incoming, outgoing, ready);
        },
        () => next(incoming, outgoing),
      )
      .catch((error: Error) => outgoing.destroy(error)); // a bug here: never a half-written answer
  };
}

/** The wire answer of a stored document: the live download count closes it, as withDownloads does. */
function prepare(found: Prepared & { downloads: number }): Ready {
  const { tail, etag } = liveTail(found);
  const head = encodedHead(found.etag, found.body);
  return { etag, body: Buffer.concat([head, Buffer.from(tail)]) };
}

/** Writes the document as the route does: 304 on a matching If-None-Match, else 200 with the bytes. */
function send(incoming: IncomingMessage, outgoing: ServerResponse, ready: Ready): void {
  if (etagMatches(incoming.headers["if-none-match"], ready.etag)) {
    outgoing.writeHead(304, { "cache-control": "no-cache", etag: ready.etag });
    outgoing.end();
    return;
  }
  outgoing.writeHead(200, {
    "cache-control": "no-cache",
    "content-type": "application/json; charset=utf-8",
    etag: ready.etag,
    "Content-Length": ready.body.byteLength,
  });
  outgoing.end(ready.body); // headers and body leave in one write
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
