import { ConnectoryError, isConnectoryError } from "../core/errors.js";
import type { RegistryDeps } from "./context.js";

/** How long GET /healthz waits for the database before answering 503. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * The health check behind GET /healthz: one cheap query, so a balancer takes this process out as soon
 * as its database is gone. Any failure, or no answer within `timeoutMs` (a pool waiting on a dead
 * server), is a 503 `db.unavailable`.
 */
export async function checkHealth(
  deps: RegistryDeps,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<{ status: "ok" }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConnectoryError("db.unavailable", `the database did not answer within ${timeoutMs} ms`, {
            status: 503,
          }),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([deps.repo.ping(), late]);
    return { status: "ok" };
  } catch (error) {
    if (isConnectoryError(error) && error.status === 503) throw error;
    throw new ConnectoryError("db.unavailable", "the database check failed", { status: 503, cause: error });
  } finally {
    clearTimeout(timer);
  }
}
