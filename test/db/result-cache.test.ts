import Database from "better-sqlite3";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import type { SearchQuery, ServerListQuery } from "../../src/db/listing-queries.js";
import { ResultCache } from "../../src/db/result-cache.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Both databases keep search and server-list results until the next commit (src/db/result-cache.ts,
// issue 29): a kept result must never outlive a change, whichever connection or process made it.

it("keeps no value computed while another request saw a newer version: it may predate that change", async () => {
  let version = 1;
  const cache = new ResultCache(async () => version);
  let finish!: (rows: string[]) => void;
  const slow = cache.get("q", () => new Promise<string[]>((resolve) => (finish = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0)); // the slow request has read version 1
  version = 2; // a commit
  expect(await cache.get("q", () => ["new"])).toEqual(["new"]); // the cache now holds version 2's
  finish(["old"]);
  expect(await slow).toEqual(["old"]); // its caller gets it, asked before the commit…
  expect(await cache.get("q", () => ["again"])).toEqual(["new"]); // …but it replaced nothing
  expect([cache.hits, cache.misses]).toEqual([1, 2]);
});

/** The cache contract on one database; `otherWrite` runs an UPDATE on a connection of its own. */
function resultCacheContract(
  name: string,
  open: () => Promise<{ reg: TestRegistry; otherWrite: (sql: string) => Promise<void> }>,
): void {
  it(`${name}: keeps a search result until a commit of this process or of another connection`, async () => {
    const { reg, otherWrite } = await open();
    try {
      const token = await reg.token();
      const publish = async (name: string) => {
        const res = await reg.publish(
          await packPackage({ name, version: "1.0.0", description: "zebra stripes" }),
          token,
          name,
        );
        expect(res.status, await res.clone().text()).toBe(201);
      };
      await publish("cache-one");
      const query: SearchQuery = { terms: ["zebra"], sort: "relevance", limit: 10 };
      const first = await reg.repo.search(query);
      expect(first.map((r) => r.name)).toEqual(["cache-one"]);
      // Kept: the same rows, frozen so no caller can change what the next one gets.
      expect(await reg.repo.search(query)).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      // Another connection (another process of the registry) commits: the next search reads again.
      await otherWrite("UPDATE connectors SET downloads = 7 WHERE name = 'cache-one'");
      const counted = await reg.repo.search(query);
      expect(counted).not.toBe(first);
      expect(counted[0]).toMatchObject({ name: "cache-one", downloads: 7 });
      // This process's own publish: seen at once too, in search and in the official server list.
      const servers: ServerListQuery = {
        prefix: "dev.connectory/",
        terms: ["zebra"],
        needle: "zebra",
        limit: 10,
      };
      const listed = await reg.repo.listServers(servers);
      expect(await reg.repo.listServers(servers)).toBe(listed);
      await publish("cache-two");
      expect((await reg.repo.search(query)).map((r) => r.name).sort()).toEqual(["cache-one", "cache-two"]);
      expect((await reg.repo.listServers(servers)).length).toBe(listed.length + 1);
    } finally {
      await reg.close();
    }
  });
}

// (TEST_DATABASE=postgres makes the default registry PostgreSQL's: the SQLite case has no file then.)
describe.skipIf(process.env.TEST_DATABASE === "postgres")("SQLite", () => {
  resultCacheContract("SQLite", async () => {
    const reg = await createTestRegistry();
    return {
      reg,
      otherWrite: async (sql) => {
        const other = new Database(reg.dbFile);
        try {
          other.prepare(sql).run();
        } finally {
          other.close();
        }
      },
    };
  });
});

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});
describe.skipIf(!available)("PostgreSQL", () => {
  resultCacheContract("PostgreSQL", async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const reg = await createTestRegistry({ databaseUrl: db.url });
    return {
      reg,
      otherWrite: async (sql) => {
        const other = postgres(db.url, { max: 1, onnotice: () => undefined });
        try {
          await other.unsafe(sql);
        } finally {
          await other.end();
        }
      },
    };
  });
});
