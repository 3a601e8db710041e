import path from "node:path";
import { afterAll, describe } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { tempDir } from "../helpers/tmp.js";
import { searchPagesContract } from "./search-pages-contract.js";

searchPagesContract("SQLite", async () => openDatabase(path.join(await tempDir(), "r.db")));

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});
describe.skipIf(!available)("PostgreSQL", () => {
  searchPagesContract("PostgreSQL", async () => {
    const db = await createTestDatabase();
    databases.push(db);
    return openDatabase(db.url);
  });
});
