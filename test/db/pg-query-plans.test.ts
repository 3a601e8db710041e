import postgres, { type Sql } from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { SPACED_UPSTREAM } from "../../src/db/postgres/pg-server-list.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { add } from "./server-list-contract.js";

// Plans, not timings (as sqlite-query-plans.test.ts, which checks the statements the repository prepares):
// with sequential scans off, the plan shows whether an index can answer a statement whose cost must not
// grow with the registry.
const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

/** A new database through the real migrations, its repository and a connection of its own for EXPLAIN. */
async function withDatabase(use: (repo: RegistryRepository, sql: Sql) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  databases.push(database);
  const repo = await openDatabase(database.url);
  const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
  try {
    await use(repo, sql);
  } finally {
    await sql.end();
    await repo.close();
  }
}

/** The lines of an EXPLAIN's plan, as one text. */
const planText = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => r["QUERY PLAN"] as string).join("\n");

describe.skipIf(!available)("PostgreSQL plans", () => {
  it("a start's look for unsigned versions can read their partial index, not every version row", () =>
    withDatabase(async (repo, sql) => {
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
      for (const plan of plans) expect(planText(plan)).toContain("versions_unsigned_idx");
    }));

  it("a listing needle with a space has its name group read from the spaced upstream names' index", () =>
    withDatabase(async (repo, sql) => {
      const { id } = await repo.ensurePublisher("acme", "t");
      // Imported entries with upstream names, none with a space, as a real registry holds them; analyzed,
      // so the planner knows. With sequential scans on: the plan the server gets.
      for (let i = 0; i < 300; i++) {
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
        await add(repo, id, `imported-${i}`, "nothing", at, `io.github.acme/imported-${i}`);
      }
      await sql`ANALYZE connectors`;
      // The name group of pg-server-list.ts for a needle with a space (its `page`, with a cursor).
      const plan = await sql.unsafe(`EXPLAIN SELECT c.id, c.name FROM connectors c
        WHERE ${SPACED_UPSTREAM} AND strpos(lower(c.upstream_name), 'acme imported') > 0 AND c.name >= 'a'
        ORDER BY c.name LIMIT 31`);
      expect(planText(plan)).toContain("connectors_spaced_upstream_idx");
    }));
});
