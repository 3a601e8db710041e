import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { listFiles } from "./tmp.js";

/**
 * The PostgreSQL server the tests use: 127.0.0.1:5432, user postgres, trust auth (`.ci/services` starts
 * it). TEST_POSTGRES_URL points elsewhere; its database is only used to create and drop test databases.
 */
export const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Tables that record that requests happened (a failed login, a report: rate limits) and which process runs
 * background work (leases), not registry state: a refused request counts against its sender's limit.
 */
export const COORDINATION_TABLES = ["rate_events", "leases"];

let reachable: Promise<string | undefined> | undefined;

/** Why the server cannot be used (undefined when it can), checked once per test file. */
function problem(): Promise<string | undefined> {
  reachable ??= (async () => {
    const sql = postgres(PG_ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => undefined });
    try {
      await sql`SELECT 1`;
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await sql.end({ timeout: 1 });
    }
  })();
  return reachable;
}

/**
 * Whether to run the PostgreSQL tests. In CI (CI set) an unreachable server throws, so the suite fails
 * instead of passing without having run; elsewhere the tests skip with a message saying why.
 */
export async function postgresAvailable(): Promise<boolean> {
  const why = await problem();
  if (why === undefined) return true;
  const message = `PostgreSQL at ${new URL(PG_ADMIN_URL).host} is unreachable (${why})`;
  if (process.env.CI) throw new Error(`${message}; CI must run the PostgreSQL tests (see .ci/services)`);
  console.warn(`${message}: skipping the PostgreSQL tests (start it, or set TEST_POSTGRES_URL)`);
  return false;
}

/** A throwaway database: `url` to use, `drop()` to remove it (even with connections still open). */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name; the registry's migrations run when it is opened. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `connectory_test_${process.pid}_${randomBytes(5).toString("hex")}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
  };
}

/**
 * `TEST_DATABASE=postgres`: the registry test helpers (test/helpers/registry.ts) put each registry on a
 * throwaway PostgreSQL database instead of a SQLite file, so the whole HTTP suite runs on either.
 */
export async function testDatabaseFromEnv(): Promise<TestDatabase | undefined> {
  if (process.env.TEST_DATABASE !== "postgres") return undefined;
  if (!(await postgresAvailable())) throw new Error("TEST_DATABASE=postgres, but PostgreSQL is unreachable");
  return createTestDatabase();
}

/** Every table's rows and every blob, as one string: equal snapshots = nothing was written. */
export async function snapshotPostgres(url: string, blobDir: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const tables = await sql<Array<{ name: string }>>`
      SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    const dump: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      if (COORDINATION_TABLES.includes(name)) continue;
      // A row's text form orders any table, with or without a key.
      dump[name] = await sql.unsafe(`SELECT * FROM "${name}" t ORDER BY t::text`);
    }
    return JSON.stringify({ dump, blobs: await listFiles(blobDir) });
  } finally {
    await sql.end();
  }
}

/** Runs one SQL statement on a test database (to stage rows as an older registry wrote them). */
export async function runPostgres(url: string, statement: string): Promise<Array<Record<string, unknown>>> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    return [...(await sql.unsafe(statement))] as Array<Record<string, unknown>>;
  } finally {
    await sql.end();
  }
}
