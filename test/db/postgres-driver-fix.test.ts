import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { CONNECTION_MODULE, patchConnection } from "../../src/db/postgres/driver-fix-hooks.js";
import { ROOT } from "../helpers/cli.js";
import { staticGraph } from "../helpers/import-graph.js";
import { createTestDatabase, PG_ADMIN_URL, postgresAvailable } from "../helpers/postgres.js";

// The postgres.js repair (src/db/postgres/driver-fix-hooks.ts) against the driver this checkout installs:
// it must apply to exactly this source (a guard in nextWrite, both teardowns reset, the type fetch's
// rejection handled), be idempotent, and refuse a source it was not written for. The chaos test shows the
// behaviour it fixes under faults; the last case here reproduces the type-fetch crash deterministically.

const available = await postgresAvailable();

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
  expect(patched).toContain("return fetchArrayTypes().catch(() => undefined) // connectory");
  expect(patchConnection(patched)).toBe(patched);
  // Still a module that parses (node --check on a copy).
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "connectory-pg-")), "connection.mjs");
  fs.writeFileSync(copy, patched);
  expect(spawnSync(process.execPath, ["--check", copy]).status).toBe(0);
  fs.rmSync(path.dirname(copy), { recursive: true });
});

// openDatabase installs the hook right before it loads the driver, and only for PostgreSQL: a SQLite
// registry never loads the driver, and a load hook sends every later import through a thread of its own
// (~0.3 s of a start when installed before the registry's modules). The registry's own modules are loaded
// first here, as a start does: none of them may load the driver before the hook is in place.
it.skipIf(!available)("is installed when a PostgreSQL database is opened, and only then", async () => {
  const dist = (file: string) => JSON.stringify(pathToFileURL(path.join(ROOT, "dist/src", file)).href);
  const patched = (databaseUrl: string) => {
    const script = `
      await import(${dist("admin/run-admin.js")});
      const { openDatabase } = await import(${dist("db/open-database.js")});
      const repo = await openDatabase(${JSON.stringify(databaseUrl)});
      const { default: connection } = await import(${JSON.stringify(pathToFileURL(file).href)});
      await repo.close();
      console.log(String(connection).includes("// connectory:"));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    return run.stdout.trim();
  };
  const database = await createTestDatabase();
  try {
    expect(patched(database.url)).toBe("true");
  } finally {
    await database.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "connectory-pg-"));
  try {
    expect(patched(path.join(dir, "registry.db"))).toBe("false");
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

it("leaves a source it does not recognize alone", () => {
  expect(patchConnection("export default function connection() {}")).toBeUndefined();
  expect(
    patchConnection(source.replace("function nextWrite(fn)", "function nextWrite(fn, x)")),
  ).toBeUndefined();
  expect(patchConnection(source.replace("return fetchArrayTypes()", "fetchArrayTypes()"))).toBeUndefined();
});

// A connection's first statement is the driver's own array-type query; a 1 ms statement_timeout cancels it
// every time (porsager/postgres #1192). Unpatched, the dropped rejection ends the process (exit 1, an
// "unhandled" PostgresError 57014); with the registry's hook the process lives and its own query goes on.
it.skipIf(!available)("keeps a process alive when a new connection's type fetch fails", () => {
  const script = (hook: boolean) => `
    ${hook ? `(await import("node:module")).register(${JSON.stringify(hookUrl)});` : ""}
    const { default: postgres } = await import("postgres");
    const sql = postgres(${JSON.stringify(PG_ADMIN_URL)}, {
      max: 1, onnotice: () => undefined, connection: { statement_timeout: 1 },
    });
    const outcome = await sql\`select 1 as one\`.then(() => "answered", (e) => "refused " + e.code);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sql.end({ timeout: 1 });
    console.log(outcome);
  `;
  const hookUrl = pathToFileURL(path.join(ROOT, "dist/src/db/postgres/driver-fix-hooks.js")).href;
  const run = (hook: boolean) =>
    spawnSync(process.execPath, ["--input-type=module", "-e", script(hook)], { cwd: ROOT, encoding: "utf8" });
  const unpatched = run(false);
  expect(unpatched.status).toBe(1);
  expect(unpatched.stderr).toContain("canceling statement due to statement timeout");
  const patched = run(true);
  expect(patched.stderr).toBe("");
  expect(patched.status).toBe(0);
  expect(patched.stdout.trim()).toMatch(/^(answered|refused \w+)$/);
});

// openDatabase loads pg-repository.ts before it installs the hook: every module loaded after the hook goes
// through the hook's thread (a PostgreSQL start listened ~125 ms later when all of the dialect's did, issue
// 29). So pg-repository.ts must not reach the driver (it would load unpatched), and what is left for after
// the hook is the driver, drizzle's adapter for it and the few files that open the connection.
it("leaves only the driver and its adapter to load after the hook", async () => {
  expect((await staticGraph("src/db/open-database.ts")).dynamic).toEqual([
    "src/db/postgres/pg-repository.ts",
    "src/db/postgres/open-postgres.ts",
    "src/db/sqlite/open-sqlite.ts",
  ]);
  const before = (await staticGraph("src/db/postgres/pg-repository.ts")).loaded;
  expect(before.size).toBeGreaterThan(100); // the walk followed its imports (drizzle's pg-core among them)
  expect([...before].filter((f) => /node_modules\/(postgres|drizzle-orm\/postgres-js)\//.test(f))).toEqual(
    [],
  );
  const after = [...(await staticGraph("src/db/postgres/open-postgres.ts")).loaded].filter(
    (f) => !before.has(f),
  );
  expect(after).toContain("node_modules/postgres/src/connection.js");
  expect(after.length).toBeLessThan(40); // of 170
});
