import { existsSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Installs the postgres.js repair (driver-fix-hooks.ts) for this process. Call it before anything loads
 * `postgres`: the registry's entry points (src/main.ts, src/admin/index.ts) do, and load the rest
 * dynamically after it. The hook is the compiled file beside this one, or in the registry package's
 * bundle dist/driver-fix-hooks.js, where this code may sit in dist/ or dist/chunks/.
 */
export function registerDriverFix(): void {
  const hooks = ["./driver-fix-hooks.js", "../driver-fix-hooks.js"]
    .map((p) => new URL(p, import.meta.url))
    .find((url) => existsSync(fileURLToPath(url)));
  if (hooks) register(hooks);
}
