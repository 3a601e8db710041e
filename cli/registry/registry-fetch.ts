import { localizedError, type Said } from "../terminal/language.js";

/**
 * `fetchFn(url, init)` to the registry at `baseUrl`; a network failure (refused, DNS) or a timeout
 * becomes `registry.unreachable` with `hint`, in the run's language. The caller reads the answer and
 * words a refusal itself. Every request of the CLI to a registry goes through here.
 */
export async function fetchRegistry<I, R>(
  fetchFn: (url: string, init: I) => Promise<R>,
  baseUrl: string,
  url: string,
  init: I,
  hint: Said = { key: "publish-api.unreachable-hint" },
): Promise<R> {
  try {
    return await fetchFn(url, init);
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw localizedError(
      "registry.unreachable",
      { key: timedOut ? "error.unreachable-timeout" : "error.unreachable", params: { url: baseUrl } },
      hint,
      { cause: error },
    );
  }
}
