import { ConnectoryError } from "../core/errors.js";
import type { RegistryRepository } from "./repository.js";
import { openPostgres } from "./postgres/open-postgres.js";
import { openSqlite } from "./sqlite/open-sqlite.js";

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
 * dialect; everything above it sees only RegistryRepository.
 */
export async function openDatabase(url: string): Promise<RegistryRepository> {
  const { kind, location } = parseDatabaseUrl(url);
  if (kind === "postgres") return openPostgres(location);
  return openSqlite(location);
}
