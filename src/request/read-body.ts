import { ConnectoryError } from "../core/errors.js";

/** How much body a route accepts, and the 413 it answers with beyond that (in the route's words). */
export interface BodyLimit {
  maxBytes: number;
  /** The error for a body over `maxBytes`: the caller says what was too large and what to do. */
  onTooLarge: () => ConnectoryError;
}

/** A 413 `request.body.too-large`, worded by the caller. */
export function bodyTooLarge(message: string, hint: string): ConnectoryError {
  return new ConnectoryError("request.body.too-large", message, { status: 413, hint });
}

/** The limit for the small JSON bodies (a deprecation message, a dist-tag target). */
export const SMALL_JSON: BodyLimit = {
  maxBytes: 64 * 1024,
  onTooLarge: () => bodyTooLarge("the request body is larger than 65536 bytes", "send a small JSON document"),
};

/**
 * Reads a request body into memory, refusing as soon as it is known to exceed the limit: from
 * Content-Length before reading anything, and by counting while streaming (a missing or lying length).
 */
export async function readBody(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit.maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw limit.onTooLarge();
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch (error) {
      throw new ConnectoryError("request.body.aborted", "the request body could not be read", {
        cause: error,
      });
    }
    if (next.done) break;
    total += next.value.byteLength;
    if (total > limit.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw limit.onTooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, total);
}

/** Reads a JSON body within `limit`; 400 when it is not JSON. */
export async function readJson(request: Request, limit: BodyLimit = SMALL_JSON): Promise<unknown> {
  const bytes = await readBody(request, limit);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ConnectoryError("request.body.invalid-json", "the request body is not valid JSON", {
      hint: "send a JSON document with Content-Type: application/json",
    });
  }
}
