import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The committed migrations of one dialect (`migrations/<dialect>`), found by walking up from this file so
 * it works from src/ (tests) and from dist/src/ (the built server).
 */
export function migrationsDir(dialect: "sqlite" | "pg"): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "migrations", dialect);
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`migrations/${dialect} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
