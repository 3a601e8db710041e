import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "../migrations-dir.js";
import { backfillGramRows } from "./sqlite-gram-rows.js";
import { SqliteRepository } from "./sqlite-repository.js";

/** Opens (creating if needed) a SQLite registry database at `file` and brings it to the latest migration. */
export function openSqlite(file: string): SqliteRepository {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const writer = new Database(file);
  try {
    // WAL: readers never block the writer; NORMAL sync is durable at every checkpoint and safe in WAL.
    writer.pragma("journal_mode = WAL");
    writer.pragma("synchronous = NORMAL");
    writer.pragma("busy_timeout = 5000");
    writer.pragma("foreign_keys = ON");
    const writeDb = drizzle({ client: writer });
    migrate(writeDb, { migrationsFolder: migrationsDir("sqlite") });
    backfillGramRows(writer);
    const reader = new Database(file, { readonly: true });
    reader.pragma("busy_timeout = 5000");
    return new SqliteRepository({ writer, reader, writeDb, readDb: drizzle({ client: reader }) });
  } catch (error) {
    writer.close();
    throw error;
  }
}
