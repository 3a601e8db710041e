import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout (or installed package) root: the first folder above this file holding package.json and
 * src/web/static. Works from src/web/lib (tsx, vitest) and from dist/src/web/lib (the built server).
 */
export function projectRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (
      fs.existsSync(path.join(dir, "package.json")) &&
      fs.existsSync(path.join(dir, "src", "web", "static"))
    )
      return dir;
    if (path.dirname(dir) === dir)
      throw new Error("connectory web: cannot find src/web/static above " + import.meta.url);
  }
}

/** Folders the web routes read from, resolved once. */
export const webPaths = (() => {
  let cached: { static: string; schemas: string; samples: string } | undefined;
  return () => {
    const root = projectRoot();
    cached ??= {
      static: path.join(root, "src", "web", "static"),
      schemas: path.join(root, "schemas"),
      samples: path.join(root, "plugins-sample"),
    };
    return cached;
  };
})();
