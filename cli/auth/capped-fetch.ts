import { localizedError } from "../terminal/language.js";

/** The most an OAuth metadata, registration or token response may be: they are a few KiB. */
export const MAX_AUTH_RESPONSE_BYTES = 256 * 1024;

/**
 * `fetch` for the sign-in's requests: a response body larger than `maxBytes` is refused
 * (auth.response.too-large) instead of being read into memory.
 */
export function cappedFetch(fetchFn: typeof fetch, maxBytes = MAX_AUTH_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (!response.body || [101, 204, 205, 304].includes(response.status)) return response;
    const declared = Number(response.headers.get("content-length") ?? "0");
    const where = new URL(typeof input === "string" || input instanceof URL ? input : input.url).origin;
    const tooLarge = () =>
      localizedError(
        "auth.response.too-large",
        { key: "oauth.too-large", params: { where, max: maxBytes } },
        { key: "oauth.tell-operator-nothing-stored" },
      );
    if (declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
    return new Response(Buffer.concat(chunks), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
