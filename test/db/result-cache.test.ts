import Database from "better-sqlite3";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import type { SearchQuery } from "../../src/db/listing-queries.js";
import { ResultCache } from "../../src/db/result-cache.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Both databases keep search results and built listing pages until the next commit (src/db/result-cache.ts,
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
      // A built answer (a serialized /v0.1/servers page) is kept the same way.
      const page = await reg.repo.whileUnchanged("page", async () => ({ built: 1 }));
      expect(await reg.repo.whileUnchanged("page", async () => ({ built: 2 }))).toBe(page);
      // Another connection (another process of the registry) commits: the next search reads again.
      await otherWrite("UPDATE connectors SET downloads = 7 WHERE name = 'cache-one'");
      expect(await reg.repo.whileUnchanged("page", async () => ({ built: 3 }))).toEqual({ built: 3 });
      const counted = await reg.repo.search(query);
      expect(counted).not.toBe(first);
      expect(counted[0]).toMatchObject({ name: "cache-one", downloads: 7 });
      // This process's own publish: seen at once too, in search and in the official listing, whose
      // pages are kept serialized (src/registry/official/servers.ts listServersPrepared).
      const listing = () => reg.app.official.list({ search: "zebra" });
      const listed = await listing();
      expect(await listing()).toBe(listed);
      const count = (page: { body: string }) =>
        (JSON.parse(page.body) as { servers: unknown[] }).servers.length;
      await publish("cache-two");
      expect(await reg.repo.whileUnchanged("page", async () => ({ built: 4 }))).toEqual({ built: 4 });
      expect((await reg.repo.search(query)).map((r) => r.name).sort()).toEqual(["cache-one", "cache-two"]);
      const relisted = await listing();
      expect(count(relisted)).toBe(count(listed) + 1);
      expect(relisted.etag).not.toBe(listed.etag);
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

describe.skipIf(!available)("PostgreSQL's change counter (migration 0012)", () => {
  it("is left alone by writes to another database, rate limits and rollbacks; moves once per commit here", async () => {
    const [here, elsewhere] = [await createTestDatabase(), await createTestDatabase()];
    databases.push(here, elsewhere);
    const reg = await createTestRegistry({ databaseUrl: here.url });
    const sqlHere = postgres(here.url, { max: 1, onnotice: () => undefined });
    const sqlElsewhere = postgres(elsewhere.url, { max: 1, onnotice: () => undefined });
    try {
      const token = await reg.token();
      const res = await reg.publish(
        await packPackage({ name: "counted", version: "1.0.0", description: "okapi herds" }),
        token,
        "counted",
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const counter = async () => Number((await sqlHere`SELECT n FROM change_counter WHERE id = 1`)[0]!.n);
      const query: SearchQuery = { terms: ["okapi"], sort: "relevance", limit: 10 };
      const first = await reg.repo.search(query);
      expect(first.map((r) => r.name)).toEqual(["counted"]);
      const page = await reg.repo.whileUnchanged("page", async () => ({ built: 1 }));
      const before = await counter();

      // Another database of the same server writes (a registry there would publish): nothing here moves.
      await sqlElsewhere.unsafe("CREATE TABLE elsewhere (id int); INSERT INTO elsewhere VALUES (1)");
      await createTestRegistry({ databaseUrl: elsewhere.url }).then((other) => other.close());
      // This database's request bookkeeping, and a write rolled back: neither is a change reads show.
      await reg.repo.rateAdd("test-key", Date.now());
      await sqlHere
        .begin(async (tx) => {
          await tx`UPDATE connectors SET downloads = 99 WHERE name = 'counted'`;
          throw new Error("roll back");
        })
        .catch(() => undefined);
      expect(await counter()).toBe(before);
      expect(await reg.repo.search(query)).toBe(first);
      expect(await reg.repo.whileUnchanged("page", async () => ({ built: 2 }))).toBe(page);

      // One committed transaction of many rows here: the counter moves once, and the caches read again.
      await sqlHere.begin(async (tx) => {
        await tx`UPDATE connectors SET downloads = 5 WHERE name = 'counted'`;
        await tx`INSERT INTO meta (key, value) VALUES ('a', '1'), ('b', '2'), ('c', '3')`;
      });
      expect(await counter()).toBe(before + 1);
      const again = await reg.repo.search(query);
      expect(again).not.toBe(first);
      expect(again[0]).toMatchObject({ name: "counted", downloads: 5 });
      expect(await reg.repo.whileUnchanged("page", async () => ({ built: 3 }))).toEqual({ built: 3 });
    } finally {
      await Promise.all([reg.close(), sqlHere.end(), sqlElsewhere.end()]);
    }
  });
});
