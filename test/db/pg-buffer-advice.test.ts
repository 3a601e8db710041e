import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { bufferAdvice, bufferSizing } from "../../src/db/postgres/pg-buffer-advice.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";

const MB = 1024 ** 2;

describe("bufferAdvice", () => {
  it("names both sizes, the share held, the fix and where it is explained when less than half fits", () => {
    const advice = bufferAdvice({ sharedBuffers: 128 * MB, database: 1.5 * 1024 * MB });
    expect(advice).toContain("shared_buffers (128 MB)");
    expect(advice).toContain("holds 8% of the registry database (1.5 GB)");
    expect(advice).toContain("Set shared_buffers to the database's size");
    expect(advice).toContain('docs/deploy.md, "PostgreSQL"');
  });

  it("says nothing when half the database or more fits, or when a size is unknown", () => {
    expect(bufferAdvice({ sharedBuffers: 128 * MB, database: 256 * MB })).toBeUndefined();
    expect(bufferAdvice({ sharedBuffers: 4096 * MB, database: 1536 * MB })).toBeUndefined();
    expect(bufferAdvice({ sharedBuffers: 128 * MB, database: 0 })).toBeUndefined();
    expect(bufferAdvice({ sharedBuffers: Number.NaN, database: 1536 * MB })).toBeUndefined();
  });

  it("never rounds a small share down to 0%", () => {
    expect(bufferAdvice({ sharedBuffers: 1 * MB, database: 1000 * 1024 * MB })).toContain("holds 1%");
  });
});

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

/** shared_buffers as SHOW prints it (`128MB`, `8GB`, `16384kB`; a bare number counts 8 kB pages), in bytes. */
function settingBytes(shown: string): number {
  const m = /^(\d+)(kB|MB|GB|TB|)$/.exec(shown);
  if (!m) throw new Error(`unexpected setting ${shown}`);
  const unit = { "": 8192, kB: 1024, MB, GB: 1024 * MB, TB: 1024 ** 4 }[m[2]!]!;
  return Number(m[1]) * unit;
}

describe.skipIf(!available)("PostgreSQL", () => {
  it("reads the server's shared_buffers and the database's size, and a small database needs no advice", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const repo = await openDatabase(database.url); // the migrations
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const [shown] = await sql<Array<{ shared_buffers: string }>>`SHOW shared_buffers`;
      const sizing = await bufferSizing(sql);
      expect(sizing.sharedBuffers).toBe(settingBytes(shown!.shared_buffers));
      // A migrated, empty registry: a few MB of catalogs and empty tables, far below any shared_buffers.
      expect(sizing.database).toBeGreaterThan(1 * MB);
      expect(sizing.database).toBeLessThan(sizing.sharedBuffers * 2);
      expect(await repo.startupAdvice!()).toBeUndefined();
    } finally {
      await sql.end();
      await repo.close();
    }
  });
});
