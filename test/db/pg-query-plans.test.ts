import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";

// Plans, not timings (as sqlite-query-plans.test.ts, which checks the statements the repository prepares):
// with sequential scans off, the plan shows whether an index can answer a statement whose cost must not
// grow with the registry.
const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

describe.skipIf(!available)("PostgreSQL plans", () => {
  it("a start's look for unsigned versions can read their partial index, not every version row", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const repo = await openDatabase(database.url); // the real migrations
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      expect(await repo.log.unsignedCount()).toBe(0);
      // The condition of unsignedCount and unsignedConnectors (drizzle-signing.ts), asked at every start.
      const plans = await sql.begin(async (tx) => {
        await tx`SET LOCAL enable_seqscan = off`;
        return [
          await tx`EXPLAIN SELECT count(*) FROM versions WHERE statement IS NULL`,
          await tx`EXPLAIN SELECT DISTINCT c.name FROM versions v JOIN connectors c ON c.id = v.connector_id
            WHERE v.statement IS NULL ORDER BY c.name`,
        ];
      });
      for (const plan of plans)
        expect(plan.map((r) => r["QUERY PLAN"] as string).join("\n")).toContain("versions_unsigned_idx");
    } finally {
      await sql.end();
      await repo.close();
    }
  });
});
