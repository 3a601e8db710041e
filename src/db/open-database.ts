import { ConnectoryError } from "../core/errors.js";
import type { RegistryRepository } from "./repository.js";
import { registerDriverFix } from "./postgres/driver-fix.js";

export type DatabaseKind = "sqlite" | "postgres";

/** Which database a DATABASE_URL means: `postgres://…`, `sqlite:<path>` / `file:<path>`, or a plain path. */
export function parseDatabaseUrl(url: string): { kind: DatabaseKind; location: string } {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", location: url };
  if (url === "" || url === ":memory:" || url === "sqlite::memory:") {
    throw new ConnectoryError("db.url.invalid", `DATABASE_URL "${url}" is not a database file`, {
      hint: "give a file path (e.g. ./data/registry.db); the registry needs a file so reads and writes can use separate connections",
    });
  }
  const location = url.replace(/^sqlite:(\/\/)?/i, "").replace(/^file:(\/\/)?/i, "");
  return { kind: "sqlite", location };
}

/**
 * Opens the registry database a URL names and applies its migrations. The one place that chooses a
 * dialect; everything above it sees only RegistryRepository. Each dialect's code is loaded only when it is
 * the one chosen: a SQLite registry never loads the PostgreSQL driver, nor PostgreSQL's the SQLite one;
 * the driver's repair is installed right before the driver loads (driver-fix.ts).
 */
export async function openDatabase(url: string): Promise<RegistryRepository> {
  const { kind, location } = parseDatabaseUrl(url);
  if (kind === "postgres") {
    // Everything of the dialect but the driver first (pg-repository.ts reaches neither postgres.js nor
    // drizzle's adapter for it): once the hook is installed, each module loaded after it is resolved and
    // loaded through the hook's thread (driver-fix.ts).
    await import("./postgres/pg-repository.js");
    registerDriverFix();
    return (await import("./postgres/open-postgres.js")).openPostgres(location);
  }
  return (await import("./sqlite/open-sqlite.js")).openSqlite(location);
}
