import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { migrationsDir } from "../../src/db/migrations-dir.js";
import { openDatabase, parseDatabaseUrl } from "../../src/db/open-database.js";
import { tempDir } from "../helpers/tmp.js";
import { bulkCreateContract } from "./bulk-create-contract.js";
import { repositoryContract } from "./repository-contract.js";
import { add } from "./server-list-contract.js";
import { migrationRecordedAt } from "../helpers/migrations.js";

repositoryContract("SQLite", async () => openDatabase(path.join(await tempDir(), "r.db")));
bulkCreateContract("SQLite", async () => openDatabase(path.join(await tempDir(), "r.db")));

it("applies the committed migrations (FTS table and triggers included) and is idempotent on reopen", async () => {
  const file = path.join(await tempDir(), "nested", "r.db");
  await (await openDatabase(`sqlite:${file}`)).close();
  const repo = await openDatabase(file);
  await repo.close();
  const db = new Database(file, { readonly: true });
  const names = (
    db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table','trigger')").all() as Array<{
      name: string;
    }>
  ).map((r) => r.name);
  expect(names).toEqual(
    expect.arrayContaining([
      "connectors",
      "versions",
      "connectors_fts",
      "connectors_fts_insert",
      "connectors_fts_update",
    ]),
  );
  expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
  db.close();
});

it("migration 0011 gives the connectors stored before it their names table, which the listing then finds", async () => {
  const file = path.join(await tempDir(), "r.db");
  let repo = await openDatabase(file);
  const { id } = await repo.ensurePublisher("acme", "t");
  await add(repo, id, "alpha-one", "nothing", "2026-01-01T00:00:00.000Z");
  await add(repo, id, "beta-two", "nothing", "2026-01-02T00:00:00.000Z", "io.github.Acme/Thing");
  await repo.close();
  // Back to before 0011, with rows: its table and triggers gone (and 0012's, 0014's and 0015's, which came
  // after it), and their records with them (0013's too: it remakes connectors_fts, which it finds as it left it).
  const db = new Database(file);
  db.exec(`DROP TABLE connectors_names; DROP TRIGGER connectors_names_insert;
    DROP TRIGGER connectors_names_update; DROP TRIGGER connectors_names_delete;
    DROP TABLE connector_grams; DROP TRIGGER connector_grams_delete;
    ALTER TABLE connectors DROP COLUMN outline;
    DROP TABLE connectors_rev; DROP TRIGGER connectors_rev_delete;
    DELETE FROM __drizzle_migrations WHERE created_at >= ${migrationRecordedAt("sqlite", "0011_name_trigrams")}`);
  db.close();
  repo = await openDatabase(file); // applies 0011 and those after it again
  try {
    const list = async (needle: string) =>
      (await repo.listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })).map(
        (r) => r.name,
      );
    expect(await list("github.acme")).toEqual(["beta-two"]);
    expect(await list("ha-on")).toEqual(["alpha-one"]);
    await add(repo, id, "gamma-three", "nothing", "2026-01-03T00:00:00.000Z"); // the triggers are back
    expect(await list("mma-th")).toEqual(["gamma-three"]);
  } finally {
    await repo.close();
  }
});

it("migration 0015 fills connectors_rev for the rows before it as writes fill it; a deleted row's goes", async () => {
  const file = path.join(await tempDir(), "r.db");
  let repo = await openDatabase(file);
  const { id } = await repo.ensurePublisher("acme", "t");
  const texts = [
    "Daily STOCK prices",
    "行情stock prices数据",
    "café\u0301 and 🌦️ weather",
    "",
    "a\u200db  c",
  ];
  for (const [i, text] of texts.entries())
    await add(repo, id, `c-${i}`, text, `2026-01-0${i + 1}T00:00:00.000Z`);
  await repo.close();
  const db = new Database(file);
  const rows = () => db.prepare("SELECT rowid, rev FROM connectors_rev ORDER BY rowid").all();
  const written = rows();
  expect(written.map((r) => (r as { rev: string }).rev)).toEqual(texts.map((t) => [...t].reverse().join("")));
  db.exec(`DROP TABLE connectors_rev; DROP TRIGGER connectors_rev_delete;
    DELETE FROM __drizzle_migrations WHERE created_at >= ${migrationRecordedAt("sqlite", "0015_description_reversed")}`);
  repo = await openDatabase(file); // applies 0015 (and 0016) again: its recursive CTE reverses as the writes do
  try {
    expect(rows()).toEqual(written);
    const list = async (needle: string) =>
      (await repo.listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })).map(
        (r) => r.name,
      );
    expect(await list("stock prices")).toEqual(["c-0", "c-1"]);
    db.exec(
      "PRAGMA foreign_keys = OFF; DELETE FROM versions WHERE connector_id = 1; DELETE FROM connectors WHERE id = 1",
    );
    expect(rows().map((r) => (r as { rowid: number }).rowid)).toEqual([2, 3, 4, 5]);
  } finally {
    db.close();
    await repo.close();
  }
});

it("migration 0013 remakes connectors_fts with a 4-character prefix index: same rows, same ranks, triggers back", async () => {
  const file = path.join(await tempDir(), "r.db");
  let repo = await openDatabase(file);
  const { id } = await repo.ensurePublisher("acme", "t");
  const texts = [
    "weather forecasts for every city",
    "the weatherman's daily stock prices",
    "Wetter und Wettervorhersage, täglich",
    "股票行情 数据 weathering",
    "weat wea we w",
  ];
  for (const [i, text] of texts.entries())
    await add(repo, id, `c-${i}`, text, `2026-01-0${i + 1}T00:00:00.000Z`);
  const queries = [
    ["weat"],
    ["weath"],
    ["wea"],
    ["we"],
    ["wett"],
    ["stock", "pric"],
    ["股票"],
    ["täg"],
    ["weather"],
  ];
  const search = async () =>
    Promise.all(queries.map((terms) => repo.search({ terms, sort: "relevance", limit: 10 })));
  const before = await search();
  expect(before[0]!.map((r) => r.name)).toEqual(["c-4", "c-0", "c-1", "c-3"]);
  await repo.close();
  // Back to before 0013, with rows: connectors_fts as migration 0007 made it (prefixes of 2 and 3), and
  // 0014's column and 0015's table gone.
  const db = new Database(file);
  const ftsSql = () =>
    db.prepare("SELECT sql FROM sqlite_master WHERE name = 'connectors_fts'").pluck().get();
  expect(ftsSql()).toContain("prefix = '2 3 4'");
  const fts = db.prepare("SELECT rowid, * FROM connectors_fts ORDER BY rowid").all();
  const migration0007 = fs
    .readFileSync(path.join(migrationsDir("sqlite"), "0007_fts_extra.sql"), "utf8")
    .split("--> statement-breakpoint");
  db.exec(
    `DELETE FROM __drizzle_migrations WHERE created_at >= ${migrationRecordedAt("sqlite", "0013_fts_prefix_four")};
    ALTER TABLE connectors DROP COLUMN outline;
    DROP TABLE connectors_rev; DROP TRIGGER connectors_rev_delete;
    ${migration0007.join("\n")}`,
  );
  expect(ftsSql()).toContain("prefix = '2 3'");
  repo = await openDatabase(file); // applies 0013 and those after it again
  try {
    expect(ftsSql()).toContain("prefix = '2 3 4'");
    expect(db.prepare("SELECT rowid, * FROM connectors_fts ORDER BY rowid").all()).toEqual(fts);
    expect(await search()).toEqual(before);
    // The triggers are back: a new connector is found, a changed one by its new text only.
    await add(repo, id, "c-9", "weathervane", "2026-01-09T00:00:00.000Z");
    expect(
      (await repo.search({ terms: ["weat"], sort: "relevance", limit: 10 })).map((r) => r.name),
    ).toContain("c-9");
    db.prepare("UPDATE connectors SET description = 'calm' WHERE name = 'c-0'").run();
    const found = await repo.search({ terms: ["fore"], sort: "relevance", limit: 10 });
    expect(found).toEqual([]);
  } finally {
    db.close();
    await repo.close();
  }
});

it("reads DATABASE_URL forms; refuses in-memory databases", () => {
  expect(parseDatabaseUrl("./data/r.db")).toEqual({ kind: "sqlite", location: "./data/r.db" });
  expect(parseDatabaseUrl("sqlite:/tmp/r.db")).toEqual({ kind: "sqlite", location: "/tmp/r.db" });
  expect(parseDatabaseUrl("file:///tmp/r.db")).toEqual({ kind: "sqlite", location: "/tmp/r.db" });
  expect(parseDatabaseUrl("postgres://u@h/db").kind).toBe("postgres");
  for (const url of ["", ":memory:"]) {
    let error: unknown;
    try {
      parseDatabaseUrl(url);
    } catch (e) {
      error = e;
    }
    expect(isConnectoryError(error) && error.code).toBe("db.url.invalid");
  }
});
