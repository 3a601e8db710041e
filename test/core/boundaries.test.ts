import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// The layers' outer boundaries (docs/architecture.md): the CLI ships bundled without the registry's
// dependencies, so from src/ it may use only the pure domain and the node-side package and file helpers;
// the web marketplace shows what the registry services give it, never rows straight from the database.
// (src/core's own purity is test/core/purity.test.ts.)

const IMPORT = /(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)["']([^"']+)["']/gm;

/** Every relative import under `dir` that resolves outside it and fails `allowed`, as "file: spec". */
async function crossings(dir: string, allowed: (target: string) => boolean): Promise<string[]> {
  const files = (await fs.readdir(dir, { recursive: true })).filter((f) => /\.tsx?$/.test(f));
  const found: string[] = [];
  for (const f of files) {
    const text = await fs.readFile(path.join(dir, f), "utf8");
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (!spec?.startsWith(".")) continue;
      const target = path.resolve(path.dirname(path.join(dir, f)), spec);
      if (!target.startsWith(dir + path.sep) && !allowed(target)) found.push(`${f}: ${spec}`);
    }
  }
  return found;
}

const under = (...folders: string[]) => {
  const roots = folders.map((f) => path.join(ROOT, f) + path.sep);
  return (target: string) => roots.some((r) => target.startsWith(r));
};

const CLI_MAY_USE = under("src/core", "src/package", "src/fs");
const isDb = under("src/db");

describe("layer boundaries", () => {
  it("cli/ imports from outside cli/ only src/core, src/package and src/fs", async () => {
    expect(await crossings(path.join(ROOT, "cli"), CLI_MAY_USE)).toEqual([]);
  });

  it("web/ imports nothing from src/db (it takes what it shows from src/registry)", async () => {
    expect(await crossings(path.join(ROOT, "web"), (t) => !isDb(t))).toEqual([]);
  });

  it("the check sees a forbidden import, static or dynamic, and lets an allowed one through", async () => {
    const dir = await tempDir();
    const spec = (file: string) => path.relative(dir, path.join(ROOT, file));
    await fs.writeFile(
      path.join(dir, "a.ts"),
      [
        `import { ConnectoryError } from "${spec("src/core/errors.js")}";`,
        `import type { Prepared } from "${spec("src/db/repository.js")}";`,
        `export { createApp } from "${spec("src/app.js")}";`,
        `const late = await import("${spec("src/registry/registry.js")}");`,
        'import { near } from "./b.js";',
      ].join("\n"),
    );
    expect(await crossings(dir, CLI_MAY_USE)).toEqual([
      `a.ts: ${spec("src/db/repository.js")}`,
      `a.ts: ${spec("src/app.js")}`,
      `a.ts: ${spec("src/registry/registry.js")}`,
    ]);
    expect(await crossings(dir, (t) => !isDb(t))).toEqual([`a.ts: ${spec("src/db/repository.js")}`]);
  });
});
