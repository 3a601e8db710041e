import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { PluginManifest } from "../../src/core/types.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { ConnectorState } from "../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { tempDir } from "../helpers/tmp.js";

const URL = "http://registry.test";
const AT = "2026-01-01T00:00:00.000Z";

async function add(repo: RegistryRepository, publisherId: number, manifest: PluginManifest) {
  const v = {
    version: "1.0.0",
    publishedAt: AT,
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    blobKey: `sha256/${manifest.name}`,
    content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
  };
  const state: ConnectorState = {
    id: 0,
    name: manifest.name,
    publisherId,
    publisher: "acme",
    createdAt: AT,
    updatedAt: AT,
    versions: [v],
    tags: {},
  };
  await repo.transaction(async (tx) => {
    const fields = await qualityFields(tx, { publicUrl: URL, now: () => new Date(AT) }, state);
    const id = await tx.createConnector({ name: manifest.name, publisherId, createdAt: AT, fields });
    await tx.insertVersion(id, v, versionDocument(manifest.name, "acme", v, URL));
  });
}

const base = { version: "1.0.0", publisher: "acme" };
const CONNECTORS: PluginManifest[] = [
  { ...base, name: "zsxq", displayName: "知识星球", description: "Posts and topics of 知识星球 groups" },
  {
    ...base,
    name: "tushare",
    displayName: "Tushare Pro",
    description: "China A-share market data",
    i18n: { "zh-CN": { displayName: "Tushare 数据", description: "A股股票、指数、基金和期货数据" } },
  },
  { ...base, name: "planets", description: "Star and planet catalogues" },
  { ...base, name: "korean", description: "한국어 뉴스" },
];

/** CJK search (issue 32 item 11), the same on both databases. */
function cjkContract(label: string, open: () => Promise<RegistryRepository>) {
  describe(`${label}: CJK search`, () => {
    let repo: RegistryRepository | undefined;
    afterEach(async () => {
      await repo?.close();
      repo = undefined;
    });

    async function names(terms: string[], sort?: "name" | "relevance"): Promise<string[]> {
      if (!repo) {
        repo = await open();
        const { id } = await repo.ensurePublisher("acme", AT);
        for (const m of CONNECTORS) await add(repo, id, m);
      }
      const hits = await repo.search({ terms, limit: 20, sort: sort ?? "relevance" });
      return hits.map((h) => h.name).sort();
    }

    it("finds a word inside a CJK run, at its start, middle and end", async () => {
      expect(await names(["星球"])).toEqual(["zsxq"]);
      expect(await names(["知识"])).toEqual(["zsxq"]);
      expect(await names(["知识星球"])).toEqual(["zsxq"]);
      expect(await names(["识星"])).toEqual(["zsxq"]);
      expect(await names(["球"])).toEqual(["zsxq"]);
      expect(await names(["星球"], "name")).toEqual(["zsxq"]);
    });

    it("searches the translations of plugin.json i18n, and shows them in results", async () => {
      expect(await names(["股票"])).toEqual(["tushare"]);
      expect(await names(["股"])).toEqual(["tushare"]);
      expect(await names(["基金", "tushare"])).toEqual(["tushare"]);
      const [hit] = await repo!.search({ terms: ["股票"], limit: 1, sort: "relevance" });
      expect(hit?.i18n).toEqual({
        "zh-CN": { displayName: "Tushare 数据", description: "A股股票、指数、基金和期货数据" },
      });
      const [plain] = await repo!.search({ terms: ["planet"], limit: 1, sort: "relevance" });
      expect(plain && "i18n" in plain).toBe(false);
    });

    it("needs the grams in order and every term, and leaves word search as it was", async () => {
      expect(await names(["星知"])).toEqual([]);
      expect(await names(["球星"])).toEqual([]);
      expect(await names(["星球", "tushare"])).toEqual([]);
      expect(await names(["a股"])).toEqual(["tushare"]);
      expect(await names(["planet"])).toEqual(["planets"]);
      expect(await names(["star"])).toEqual(["planets"]);
      expect(await names(["국어"])).toEqual(["korean"]);
      expect(await names(["뉴"])).toEqual(["korean"]);
    });
  });
}

cjkContract("SQLite", async () => openDatabase(path.join(await tempDir(), "r.db")));

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});
describe.skipIf(!available)("PostgreSQL", () => {
  cjkContract("PostgreSQL", async () => {
    const db = await createTestDatabase();
    databases.push(db);
    return openDatabase(db.url);
  });
});
