import { ConnectoryError } from "../core/errors.js";

/**
 * Reads a request body into memory, refusing (413) as soon as it is known to exceed `max`: from
 * Content-Length before reading anything, and by counting while streaming (a missing or lying length).
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > max) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge(max);
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
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, total);
}

/** Reads a small JSON body (a deprecation message, a dist-tag target); 400 when it is not JSON. */
export async function readJson(request: Request, max = 64 * 1024): Promise<unknown> {
  const bytes = await readBody(request, max);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ConnectoryError("request.body.invalid-json", "the request body is not valid JSON", {
      hint: "send a JSON document with Content-Type: application/json",
    });
  }
}

function tooLarge(max: number): ConnectoryError {
  return new ConnectoryError("request.body.too-large", `the request body is larger than ${max} bytes`, {
    status: 413,
    hint: "a connector tarball is at most 5 MiB (DESIGN §2); remove large files from the package",
  });
}
