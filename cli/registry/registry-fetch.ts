import { ConnectoryError } from "../../src/core/errors.js";

/** What to check when a registry cannot be reached at all. */
export const UNREACHABLE_HINT =
  "check the marketplace URL (`connectory marketplace list`) and that the registry is running";

/**
 * `fetchFn(url, init)` to the registry at `baseUrl`; a network failure (refused, DNS, timeout) becomes
 * `registry.unreachable` with `hint`. The caller reads the answer and words a refusal itself.
 */
export async function fetchRegistry(
  fetchFn: typeof fetch,
  baseUrl: string,
  url: string,
  init: RequestInit,
  hint: string = UNREACHABLE_HINT,
): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (error) {
    throw new ConnectoryError("registry.unreachable", `registry unreachable at ${baseUrl}`, {
      hint,
      cause: error,
    });
  }
}
