import path from "node:path";
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { openDatabase, parseDatabaseUrl } from "../../src/db/open-database.js";
import { tempDir } from "../helpers/tmp.js";
import { bulkCreateContract } from "./bulk-create-contract.js";
import { repositoryContract } from "./repository-contract.js";

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
