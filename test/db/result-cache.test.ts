import Database from "better-sqlite3";
import { expect, it } from "vitest";
import type { SearchQuery, ServerListQuery } from "../../src/db/listing-queries.js";
import { createTestRegistry, packPackage } from "../helpers/registry.js";

// SQLite keeps search and server-list results until the next commit (src/db/sqlite/result-cache.ts,
// issue 29): a kept result must never outlive a change, whichever connection made it.

it.skipIf(process.env.TEST_DATABASE === "postgres")(
  "keeps a search result until a commit of this process or of another connection",
  async () => {
    const reg = await createTestRegistry();
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
      const other = new Database(reg.dbFile);
      try {
        other.prepare("UPDATE connectors SET downloads = 7 WHERE name = ?").run("cache-one");
      } finally {
        other.close();
      }
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
      await publish("cache-two");
      expect((await reg.repo.search(query)).map((r) => r.name).sort()).toEqual(["cache-one", "cache-two"]);
      expect((await reg.repo.listServers(servers)).length).toBe(listed.length + 1);
    } finally {
      await reg.close();
    }
  },
);
