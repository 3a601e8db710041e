import { existsSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

let registered = false;

/**
 * Installs the postgres.js repair (driver-fix-hooks.ts) for this process, once. openDatabase calls it when
 * it opens a PostgreSQL database, right before it loads the driver: open-postgres.ts, which every module
 * importing `postgres` is reached through, is imported there and nowhere else. Not earlier: a load hook
 * sends every later import through the hooks' own thread, which cost ~300 ms of each start of
 * dist/src/main.js when the entry points installed it before loading the registry (issue 29), and a SQLite
 * registry never loads the driver; openDatabase loads the dialect's other modules before it, leaving only
 * the driver and its adapter to go through the hook's thread. The hook is the compiled file beside this
 * one, or in the registry package's bundle dist/driver-fix-hooks.js, where this code may sit in dist/ or
 * dist/chunks/; run from the TypeScript sources (tests), there is none and nothing is installed.
 */
export function registerDriverFix(): void {
  if (registered) return;
  registered = true;
  const hooks = ["./driver-fix-hooks.js", "../driver-fix-hooks.js"]
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(url)));
  if (hooks) register(hooks);
}
