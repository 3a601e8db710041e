import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import {
  forbiddenImports,
  importsOf,
  layerOf,
  parseLayerTable,
  sourceFiles,
  type Layer,
} from "../helpers/layer-table.js";
import { tempDir } from "../helpers/tmp.js";

// docs/architecture.md's layer table is the rule; this test reads it and every import of src/, cli/ and
// src/web/ (static, dynamic, re-export; relative and by package name). The purity of src/core is
// test/core/purity.test.ts.

const DIRS = ["src", "cli"];
const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
const layers = parseLayerTable(doc);
const ownName = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { name: string })
  .name;

describe("the layer table (docs/architecture.md)", () => {
  it("names layers once, each row's layers exist, and every folder or file it lists exists", () => {
    const names = layers.map((l) => l.name);
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
    for (const layer of layers) {
      for (const other of layer.mayImport)
        expect(names, `${layer.name} may import ${other}`).toContain(other);
      for (const entry of layer.entries) expect(fs.existsSync(path.join(ROOT, entry)), entry).toBe(true);
    }
  });

  it("holds every source file of src/, cli/ and src/web/, and every import obeys it", () => {
    const files = sourceFiles(ROOT, DIRS);
    expect(files.length).toBeGreaterThan(300);
    expect(forbiddenImports(ROOT, files, layers, ownName)).toEqual([]);
  });

  it("no two layers may import each other (no cycle of two)", () => {
    const byName = new Map(layers.map((l) => [l.name, l]));
    const cycles = layers.flatMap((l) =>
      [...l.mayImport].filter((o) => byName.get(o)?.mayImport.has(l.name)).map((o) => `${l.name} ⇄ ${o}`),
    );
    expect(cycles).toEqual([]);
  });
});

describe("the check itself", () => {
  const table: Layer[] = parseLayerTable(
    [
      "<!-- layer-table -->",
      "| layer | folders and files | may import | packages |",
      "| - | - | - | - |",
      "| low | `low/` | — | node:\\* |",
      "| mid | `mid/`, `low/special.ts` | low | \\* |",
      "| top | `top/` | low, mid | hono |",
      "<!-- /layer-table -->",
    ].join("\n"),
  );

  it("parses rows, lists and globs", () => {
    expect(table.map((l) => l.name)).toEqual(["low", "mid", "top"]);
    expect(table[1]!.entries).toEqual(["mid/", "low/special.ts"]);
    expect([...table[2]!.mayImport]).toEqual(["low", "mid"]);
    expect(table[0]!.packages).toEqual(["node:*"]);
    expect(layerOf(table, "low/special.ts")?.name).toBe("mid"); // the longest entry wins
    expect(layerOf(table, "low/a.ts")?.name).toBe("low");
    expect(layerOf(table, "elsewhere/a.ts")).toBeUndefined();
  });

  it("finds static, dynamic and re-exported imports, not words in strings", () => {
    const text = [
      'import { a } from "./a.js";',
      "import {",
      "  b,",
      '} from "../b.js";',
      'import "./side.js";',
      'export { c } from "./c.js";',
      'export * from "./d.js";',
      'const e = await import("./e.js");',
      'const text = "taken from", load = () => import("./f.js");',
      '// a comment saying something from "x"',
    ].join("\n");
    expect(importsOf(text)).toEqual([
      "./a.js",
      "../b.js",
      "./side.js",
      "./c.js",
      "./d.js",
      "./e.js",
      "./f.js",
    ]);
  });

  it("refuses an upward arrow, an unknown package, the own package name and a file no row holds", async () => {
    const dir = await tempDir();
    const write = async (file: string, text: string) => {
      await fs.promises.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await fs.promises.writeFile(path.join(dir, file), text);
    };
    await write(
      "low/a.ts",
      'import { m } from "../mid/m.js";\nimport fs from "node:fs";\nexport const a = 1;\n',
    );
    await write("low/special.ts", 'import { a } from "./a.js";\n');
    await write("mid/m.ts", 'import { a } from "../low/a.js";\nimport x from "anything";\n');
    await write(
      "top/t.ts",
      [
        'import { m } from "../mid/m.js";',
        'import fs from "node:fs";',
        'import { Hono } from "hono";',
        'import { y } from "connectory/src/x.js";',
        'const late = await import("../low/a.js");',
      ].join("\n"),
    );
    await write("stray/s.ts", "export {};\n");
    const files = sourceFiles(dir, ["low", "mid", "top", "stray"]);
    expect(forbiddenImports(dir, files, table, "connectory")).toEqual([
      "low/a.ts: ../mid/m.js (low may not import mid)",
      "stray/s.ts: no row of the layer table holds it",
      "top/t.ts: node:fs (top may not use node:fs)",
      "top/t.ts: connectory/src/x.js (the repository's own package: import the file relatively)",
    ]);
  });
});
