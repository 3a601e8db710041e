import { localizedError, type Said } from "../terminal/language.js";

/**
 * `fetchFn(url, init)` to the registry at `baseUrl`; a network failure (refused, DNS, timeout) becomes
 * `registry.unreachable` with `hint`, in the run's language. The caller reads the answer and words a
 * refusal itself.
 */
export async function fetchRegistry(
  fetchFn: typeof fetch,
  baseUrl: string,
  url: string,
  init: RequestInit,
  hint: Said = { key: "publish-api.unreachable-hint" },
): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (error) {
    throw localizedError(
      "registry.unreachable",
      { key: "error.unreachable", params: { url: baseUrl } },
      hint,
      {
        cause: error,
      },
    );
  }
}
