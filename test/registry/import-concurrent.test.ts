import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { runImport, type ImportReport } from "../../src/registry/import/import-run.js";
import { importEntries, type ImportEntry } from "../../src/registry/import/import-sources.js";
import type { Registry } from "../../src/registry/registry.js";
import { createApp } from "../../src/server/app.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { CATALOGS } from "../helpers/catalog-import.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";

// Two imports of the same entries at once (an operator's `connectory-registry import` while the background
// seed runs): every entry ends imported once, the other import reports it `unchanged`, and nothing is
// refused because the other got there first. On one SQLite registry (the imports interleave between the
// check and the publish), and as two registry processes on one PostgreSQL database.

let entries: ImportEntry[];
const now = () => new Date();
type Target = { app: ReturnType<typeof createApp> & { registry: Registry }; repo: RegistryRepository };

beforeAll(async () => {
  const all = await importEntries("official-registry-seed.server.json", {
    fetch: () => Promise.reject(new Error("offline")),
    cwd: path.join(CATALOGS, "official-registry"),
  });
  entries = all.filter((e) => e.conversion.ok).slice(0, 40);
});

function expectEachOnce(one: ImportReport, two: ImportReport) {
  const refused = [...one.entries, ...two.entries].filter((e) => e.status === "refused");
  expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);
  for (const [i, item] of entries.entries()) {
    const statuses = [one.entries[i]!.status, two.entries[i]!.status];
    expect(
      statuses.filter((s) => s === "unchanged"),
      item.entry,
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === "imported" || s === "updated"),
      item.entry,
    ).toHaveLength(1);
  }
}

describe("two imports of the same entries at once", () => {
  let reg: TestRegistry;
  afterAll(() => reg?.close());

  it("on one registry: each entry imported once, unchanged for the other", async () => {
    reg = await createTestRegistry();
    const [one, two] = await Promise.all([
      runImport({ registry: reg.app.registry, repo: reg.repo, entries, now }),
      runImport({ registry: reg.app.registry, repo: reg.repo, entries, now }),
    ]);
    expectEachOnce(one, two);
  });
});

const pg = await postgresAvailable();

describe.runIf(pg)("two registry processes importing into one PostgreSQL database", () => {
  let db: TestDatabase;
  let reg: TestRegistry;
  let second: Target;
  beforeAll(async () => {
    db = await createTestDatabase();
    reg = await createTestRegistry({ databaseUrl: db.url });
    const repo = await openDatabase(db.url);
    second = {
      repo,
      app: createApp({ db: repo, blobs: new FsBlobStore(reg.blobDir), publicUrl: reg.publicUrl }),
    };
    await second.app.registry.ready();
  });
  afterAll(async () => {
    await second?.repo.close();
    await reg?.close();
    await db?.drop();
  });

  it("each entry imported once, unchanged for the other, never refused", async () => {
    const [one, two] = await Promise.all([
      runImport({ registry: reg.app.registry, repo: reg.repo, entries, now }),
      runImport({ registry: second.app.registry, repo: second.repo, entries, now }),
    ]);
    expectEachOnce(one, two);
  });
});
