import { describe, expect, it } from "vitest";
import type { Category } from "../../src/core/types.js";
import type { ConnectorState, VersionRecord } from "../../src/db/connector-rows.js";
import type { NewConnectorVersion, RegistryTx } from "../../src/db/registry-tx.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { SearchQuery } from "../../src/db/listing-queries.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";

const URL = "http://registry.test";
// Fixed, so the two databases' documents (their quality's computedAt) can be compared byte for byte.
const now = () => new Date("2026-06-01T00:00:00.000Z");
const CATEGORIES: Category[] = ["databases", "productivity", "developer-tools"];
// More than one multi-row statement's worth (BULK_ROWS, 400 connectors).
const COUNT = 410;

/** Connector i: words shared by many, a category (twice on some), a Chinese translation on every 3rd. */
function entry(i: number): { name: string; v: VersionRecord } {
  const name = `bulk-${i}`;
  const manifest = {
    name,
    version: "1.0.0",
    publisher: "acme",
    description: `word${i % 7} shared${i % 3} about ${name}`,
    keywords: [`kw${i % 5}`],
    categories: i % 10 === 0 ? [CATEGORIES[i % 3]!, CATEGORIES[i % 3]!] : [CATEGORIES[i % 3]!],
    ...(i % 4 === 0 ? { repository: `https://github.com/acme/${name}` } : {}),
    ...(i % 3 === 0 ? { i18n: { "zh-CN": { description: i % 2 ? "天气数据" : "股票行情" } } } : {}),
  };
  const v: VersionRecord = {
    version: "1.0.0",
    publishedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    blobKey: `sha256/${name}`,
    content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
  };
  return { name, v };
}

/** Connector i as the publish service builds it (a first publish: id 0, the publisher's badge). */
async function newConnector(tx: RegistryTx, publisherId: number, i: number): Promise<NewConnectorVersion> {
  const { name, v } = entry(i);
  const state: ConnectorState = {
    id: 0,
    name,
    publisherId,
    publisher: "acme",
    createdAt: v.publishedAt,
    updatedAt: v.publishedAt,
    versions: [v],
    tags: {},
    publisherBadge: await tx.publisherBadge(publisherId),
  };
  return {
    name,
    publisherId,
    createdAt: v.publishedAt,
    fields: await qualityFields(tx, { publicUrl: URL, now }, state),
    version: v,
    document: versionDocument(name, "acme", v, URL),
  };
}

/** What a reader sees of the connectors: documents, searches (each index), categories, server listings. */
async function everything(repo: RegistryRepository): Promise<unknown> {
  const names = Array.from({ length: COUNT }, (_, i) => `bulk-${i}`);
  const searches: SearchQuery[] = [
    { terms: [], sort: "name", limit: 1000 },
    { terms: ["word3"], sort: "relevance", limit: 1000 },
    { terms: ["word3"], sort: "name", limit: 1000 },
    { terms: ["wor", "shared1"], sort: "relevance", limit: 1000 },
    { terms: ["kw2"], category: "databases", sort: "downloads", limit: 1000 },
    { terms: ["bulk-44"], sort: "relevance", limit: 1000 },
    { terms: ["天气"], sort: "relevance", limit: 1000 },
    { terms: ["股"], sort: "relevance", limit: 1000 },
    { terms: [], category: "productivity", sort: "quality", limit: 1000 },
  ];
  return {
    connectors: await Promise.all(names.map((n) => repo.connectorDocument(n))),
    versions: await Promise.all(names.map((n) => repo.versionDocument(n, "1.0.0"))),
    searches: await Promise.all(searches.map((q) => repo.search(q))),
    categories: await repo.categories(),
    servers: await repo.listServers({ needle: "lk-4", prefix: "", terms: ["lk-4"], limit: 1000 }),
    names: await repo.connectorNames(),
  };
}

/**
 * RegistryTx.createConnectors (the benchmarks' bulk load) writes what createConnector and insertVersion
 * write one connector at a time, on every RegistryRepository: the same documents, and every search index
 * filled the same way. `open` gives a fresh, migrated, empty database each time.
 */
export function bulkCreateContract(name: string, open: () => Promise<RegistryRepository>): void {
  describe(`${name} (createConnectors contract)`, () => {
    it("a bulk load writes the rows one publish at a time writes: documents, search, categories", async () => {
      const [single, bulk] = await Promise.all([open(), open()]);
      try {
        const acme = await single.ensurePublisher("acme", "t");
        await single.transaction(async (tx) => {
          for (let i = 0; i < COUNT; i++) {
            const c = await newConnector(tx, acme.id, i);
            const id = await tx.createConnector(c);
            await tx.insertVersion(id, c.version, c.document);
          }
        });
        const acme2 = await bulk.ensurePublisher("acme", "t");
        await bulk.transaction(async (tx) =>
          tx.createConnectors(
            await Promise.all(Array.from({ length: COUNT }, (_, i) => newConnector(tx, acme2.id, i))),
          ),
        );
        const seen = (await everything(bulk)) as Record<string, unknown[][]>;
        expect(seen).toEqual(await everything(single));
        // The comparison compares something: every search above finds connectors.
        for (const found of seen.searches!) expect(found.length).toBeGreaterThan(0);
        // A listing row carries the document's repository (its own column, issue 29).
        expect(seen.searches![0]!.find((c) => (c as { name: string }).name === "bulk-8")).toMatchObject({
          repository: "https://github.com/acme/bulk-8",
        });
        expect(seen.servers!.length).toBeGreaterThan(0);
      } finally {
        await Promise.all([single.close(), bulk.close()]);
      }
    }, 120_000); // 410 publishes one at a time, on a shared machine

    it("a name claimed before is a db.conflict (409) and the bulk writes none of its connectors", async () => {
      const repo = await open();
      try {
        const acme = await repo.ensurePublisher("acme", "t");
        await repo.transaction(async (tx) => tx.createConnectors([await newConnector(tx, acme.id, 5)]));
        const error = await repo
          .transaction(async (tx) =>
            tx.createConnectors([await newConnector(tx, acme.id, 4), await newConnector(tx, acme.id, 5)]),
          )
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ code: "db.conflict" });
        expect(await repo.connectorNames()).toEqual(["bulk-5"]);
        expect(await repo.search({ terms: ["bulk-4"], sort: "relevance", limit: 10 })).toEqual([]);
      } finally {
        await repo.close();
      }
    });
  });
}
