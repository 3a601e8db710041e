import { ConnectoryError } from "../../core/errors.js";

/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e instanceof Error && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Every `code` along an error's cause chain (drizzle wraps driver errors; the driver wraps socket ones). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let e = error, depth = 0;
    e instanceof Error && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/** Errors after which the whole transaction can simply run again: serialization failure, deadlock. */
export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "40001" || code === "40P01";
}

// A connection that died under a query (an operator's pg_terminate_backend, a failover, a balancer cutting
// idle connections): nothing of that query or transaction committed, and postgres.js opens a new
// connection for the next one, so the call can simply run again.
const CONNECTION_LOST = new Set([
  "57P01",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "ECONNRESET",
  "EPIPE",
]);

/** Whether the call failed because its connection was lost (and can run again on a new one). */
export function isConnectionLost(error: unknown): boolean {
  return errorCodes(error).some((c) => CONNECTION_LOST.has(c));
}

// Errors that mean the database cannot be used right now, not that the request or the code is wrong:
// network failures, postgres.js's own connection codes, the server shutting down or refusing us.
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown (the server or an operator ended our session)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "53300", // too_many_connections
  "3D000", // the database is gone
  "28000", // the server refuses this user
  "28P01", // the password is refused
]);

/** A lost database as a 503 `db.unavailable` naming `where` (host:port/db); any other error unchanged. */
export function unavailable(error: unknown, where: string): unknown {
  const code = errorCodes(error).find((c) => UNAVAILABLE.has(c));
  if (code === undefined) return error;
  return new ConnectoryError(
    "db.unavailable",
    `the PostgreSQL database at ${where} is unavailable (${code})`,
    {
      status: 503,
      hint: "try again shortly; operators: check that the database server is up and DATABASE_URL is right",
      cause: error,
    },
  );
}
