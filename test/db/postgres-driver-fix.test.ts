import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";
import { CONNECTION_MODULE, patchConnection } from "../../src/db/postgres/driver-fix-hooks.js";

// The postgres.js repair (src/db/postgres/driver-fix-hooks.ts) against the driver this checkout installs:
// it must apply to exactly this source (a guard in nextWrite, both teardowns reset), be idempotent, and
// refuse a source it was not written for. The chaos test shows the behaviour it fixes, end to end.

// The CommonJS entry is cjs/src/index.js; the ESM connection module the registry loads is src/connection.js.
const file = path.join(
  path.dirname(createRequire(import.meta.url).resolve("postgres")),
  "../../src/connection.js",
);
const source = fs.readFileSync(file, "utf8");

it("patches the installed postgres.js connection module", () => {
  expect(CONNECTION_MODULE.test(`file://${file}`)).toBe(true);
  const patched = patchConnection(source)!;
  expect(patched).toBeDefined();
  expect(patched).toContain("if (socket === null) {");
  expect(patched.match(/chunk = nextWriteTimer = null \/\/ connectory/g)).toHaveLength(2);
  expect(patchConnection(patched)).toBe(patched);
  // Still a module that parses (node --check on a copy).
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "connectory-pg-")), "connection.mjs");
  fs.writeFileSync(copy, patched);
  expect(spawnSync(process.execPath, ["--check", copy]).status).toBe(0);
  fs.rmSync(path.dirname(copy), { recursive: true });
});

it("leaves a source it does not recognize alone", () => {
  expect(patchConnection("export default function connection() {}")).toBeUndefined();
  expect(
    patchConnection(source.replace("function nextWrite(fn)", "function nextWrite(fn, x)")),
  ).toBeUndefined();
});
