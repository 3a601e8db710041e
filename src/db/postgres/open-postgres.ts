import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres, { type Sql } from "postgres";
import { ConnectoryError } from "../../core/errors.js";
import { migrationsDir } from "../migrations-dir.js";
import { pgConnection } from "./database-url.js";
import { errorCodes } from "./pg-errors.js";
import { PgRepository } from "./pg-repository.js";

/** Pool and start-up settings; the defaults suit one registry process. */
export interface PostgresOptions {
  /** Connections this process may hold (default 10). N processes hold up to N × max. */
  max?: number;
}

// The single-key advisory lock held while migrating, so processes starting together take turns.
const MIGRATION_LOCK = 7_342_000;

/**
 * Opens a PostgreSQL registry database, applying the committed migrations first (under an advisory lock).
 * Errors name host, port and database only: the URL's password never reaches a message or a log.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PgRepository> {
  await migratePostgres(url);
  const client = connect(url, options.max ?? 10);
  return new PgRepository(client, drizzle({ client }), describe(url));
}

/** Brings a PostgreSQL database to the latest migration; safe to run from several processes at once. */
export async function migratePostgres(url: string): Promise<void> {
  // One connection, so the session-level lock and the migration run on the same backend.
  const client = connect(url, 1);
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir("pg") });
    await client`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
  } catch (error) {
    throw explain(url, error);
  } finally {
    // Ending the session releases the lock even if unlocking above never ran.
    await client.end({ timeout: 5 });
  }
}

function connect(url: string, max: number): Sql {
  const target = pgConnection(url); // libpq's `?host=` and socket forms (database-url.ts)
  return postgres(target.url, {
    ...target.options,
    max,
    onnotice: () => undefined, // "relation already exists, skipping" and the like are not news
    connection: { application_name: "connectory-registry" },
  });
}

/** Turns "cannot connect" failures into an error that says where and what to do; other errors pass. */
function explain(url: string, error: unknown): unknown {
  const where = describe(url);
  const reasons: Record<string, string> = {
    ECONNREFUSED: "nothing is listening there",
    ENOENT: "no server's socket is in that directory", // a Unix socket (?host=/dir): no such file
    ENOTFOUND: "the host name does not resolve",
    ETIMEDOUT: "the connection timed out",
    CONNECT_TIMEOUT: "the connection timed out",
    "3D000": "the database does not exist",
    "28P01": "the password was refused",
    "28000": "the server refused this user",
  };
  const reason = errorCodes(error)
    .map((code) => reasons[code])
    .find((r) => r !== undefined);
  if (reason === undefined) return error;
  return new ConnectoryError("db.unreachable", `cannot open the PostgreSQL database at ${where}: ${reason}`, {
    hint: "check DATABASE_URL (host, port, database, user) and that the server accepts connections from here",
    cause: error,
  });
}

/** host:port/database of a postgres:// URL (a socket's directory as its host), without user or password. */
export function describe(url: string): string {
  try {
    return pgConnection(url).where;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}
