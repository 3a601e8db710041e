import { existsSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";
import { isPostgresUrl } from "../open-database.js";

/**
 * Installs the postgres.js repair (driver-fix-hooks.ts) for this process when its database is PostgreSQL
 * (`databaseUrl`, DATABASE_URL; the default is a SQLite file). Call it before anything loads `postgres`:
 * the registry's entry points (src/main.ts, src/admin/index.ts) do, and load the rest dynamically after
 * it. The hook is the compiled file beside this one, or in the registry package's bundle
 * dist/driver-fix-hooks.js, where this code may sit in dist/ or dist/chunks/. A SQLite registry never loads
 * the driver, and a load hook sends every later import through the hooks' own thread: ~300 ms of each
 * start of dist/src/main.js at 100,000 connectors (issue 29).
 */
export function registerDriverFix(databaseUrl: string | undefined): void {
  if (databaseUrl === undefined || !isPostgresUrl(databaseUrl)) return;
  const hooks = ["./driver-fix-hooks.js", "../driver-fix-hooks.js"]
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(url)));
  if (hooks) register(hooks);
}
