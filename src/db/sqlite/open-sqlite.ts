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
    // Reads through a memory map (up to SQLite's 2 GiB cap) rather than a read() per page: a listing
    // at 100,000 connectors (a 1.4 GB file) reads a few thousand pages of the index and trigram tables
    // per query, and the system calls were a third of it (issue 29). File pages: the OS keeps or drops
    // them as it does the page cache's.
    reader.pragma("mmap_size = 2147418112");
    // A query's materialized CTEs, IN lists and sorts in memory: with the default, each went through a
    // temporary database's pager, whose memory was taken from and given back to the system per statement
    // (brk), about 1 ms apiece, and a relevance page has several (issue 29: a common word's page at
    // 100,000 went 5.1 → 2.3 ms p50). They are small: a page's ranks and ties, a listing's candidates.
    // The writer keeps the default for its large sorts (migrations, index builds).
    reader.pragma("temp_store = MEMORY");
    return new SqliteRepository({ writer, reader, writeDb, readDb: drizzle({ client: reader }) });
  } catch (error) {
    writer.close();
    throw error;
  }
}
