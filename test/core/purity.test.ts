import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

// src/core is the pure domain (STYLE.md): no I/O, no framework, nothing from outer layers.
const ALLOWED_PACKAGES = [
  "ajv",
  "ajv/dist/2020.js",
  "ajv-formats",
  "semver",
  "yaml",
  "jsonc-parser",
  "@decimalturn/toml-patch",
  "node:crypto",
  "node:path",
  "node:util",
];

// The JSON Schemas under schemas/ are pure data, published for editors and used by the validator; those
// under schemas/vendor/ are upstream's (the official server.json schema), vendored verbatim.
const SCHEMAS = path.join(ROOT, "schemas");
const isSchemaJson = (target: string): boolean =>
  (path.dirname(target) === SCHEMAS && target.endsWith(".schema.json")) ||
  (path.dirname(target) === path.join(SCHEMAS, "vendor") && target.endsWith(".json"));

it("src/core imports nothing outward", async () => {
  const core = path.join(ROOT, "src/core");
  const files = (await fs.readdir(core, { recursive: true })).filter((f) => /\.tsx?$/.test(f));
  const offenders: string[] = [];
  for (const f of files) {
    const text = await fs.readFile(path.join(core, f), "utf8");
    for (const [, spec] of text.matchAll(/(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)["']([^"']+)["']/gm)) {
      if (!spec) continue;
      const target = path.resolve(path.dirname(path.join(core, f)), spec);
      const ok = spec.startsWith(".")
        ? target.startsWith(core + path.sep) || isSchemaJson(target)
        : ALLOWED_PACKAGES.some((p) => spec === p || spec.startsWith(p + "/"));
      if (!ok) offenders.push(`${f}: ${spec}`);
    }
  }
  expect(files.length).toBeGreaterThan(0);
  expect(offenders).toEqual([]);
});
