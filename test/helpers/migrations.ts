import fs from "node:fs";
import path from "node:path";
import { migrationsDir } from "../../src/db/migrations-dir.js";

/**
 * The created_at drizzle records for migration `tag` (its `when` in the dialect's journal). A test that
 * takes a database back to before a migration deletes the records from there on (`created_at >= …`), so a
 * migration added later does not shift which ones it undoes; that later migration's objects it drops too,
 * unless the migration is safe to apply again (IF NOT EXISTS).
 */
export function migrationRecordedAt(dialect: "sqlite" | "pg", tag: string): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsDir(dialect), "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ tag: string; when: number }> };
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) throw new Error(`no migration ${tag} in migrations/${dialect}`);
  return entry.when;
}
