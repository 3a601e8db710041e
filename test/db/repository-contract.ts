import { afterEach, describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { SORT_KEYS } from "../../src/core/api/search.js";
import type { Category } from "../../src/core/types.js";
import type { ConnectorState, VersionRecord } from "../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { SearchQuery } from "../../src/db/listing-queries.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";

const URL = "http://registry.test";

function record(
  name: string,
  version: string,
  extra: { categories?: Category[]; description?: string; publisher?: string } = {},
): VersionRecord {
  const manifest = {
    name,
    version,
    publisher: extra.publisher ?? "acme",
    description: extra.description ?? `about ${name}`,
    categories: extra.categories ?? [],
  };
  return {
    version,
    publishedAt: "2026-01-01T00:00:00.000Z",
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    blobKey: `sha256/${name}${version.replaceAll(".", "")}`,
    content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
  };
}

/** Adds a connector with one version through the transaction API, as the publish service does. */
async function addConnector(
  repo: RegistryRepository,
  publisherId: number,
  name: string,
  extra: Parameters<typeof record>[2] = {},
) {
  await repo.transaction(async (tx) => {
    const v = record(name, "1.0.0", extra);
    const state: ConnectorState = {
      id: 0,
      name,
      publisherId,
      publisher: extra.publisher ?? "acme",
      createdAt: v.publishedAt,
      updatedAt: v.publishedAt,
      versions: [v],
      tags: {},
    };
    const id = await tx.createConnector({
      name,
      publisherId,
      createdAt: v.publishedAt,
      fields: await qualityFields(tx, { publicUrl: URL, now: () => new Date() }, state),
    });
    await tx.insertVersion(id, v, versionDocument(name, state.publisher, v, URL));
  });
}

/**
 * The behaviour every RegistryRepository must have (SQLite now, PostgreSQL in issue 8). `open` gives a
 * fresh, migrated, empty database each time.
 */
export function repositoryContract(name: string, open: () => Promise<RegistryRepository>): void {
  describe(`${name} (RegistryRepository contract)`, () => {
    let repo: RegistryRepository;
    afterEach(async () => repo?.close());

    it("publishers are created once; tokens are found by hash until revoked", async () => {
      repo = await open();
      const p1 = await repo.ensurePublisher("acme", "t1");
      const p2 = await repo.ensurePublisher("acme", "t2");
      expect(p2).toEqual(p1);
      const row = await repo.createToken({
        publisherId: p1.id,
        hash: "h1",
        prefix: "cty_aaaa",
        label: null,
        createdAt: "t",
      });
      expect(await repo.findToken("h1")).toEqual({ tokenId: row.id, publisherId: p1.id, publisher: "acme" });
      expect(await repo.findToken("nope")).toBeUndefined();
      expect(await repo.revokeTokens("cty_aaaa", "t3")).toHaveLength(1);
      expect(await repo.findToken("h1")).toBeUndefined();
      expect((await repo.listTokens())[0]?.revokedAt).toBe("t3");
      expect(await repo.revokeTokens(String(row.id), "t4")).toEqual([]); // already revoked
    });

    it("a transaction that throws leaves nothing: no row, no search entry", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await expect(
        repo.transaction(async (tx) => {
          const v = record("ghost", "1.0.0");
          const state: ConnectorState = {
            id: 0,
            name: "ghost",
            publisherId: id,
            publisher: "acme",
            createdAt: "t",
            updatedAt: "t",
            versions: [v],
            tags: {},
          };
          const cid = await tx.createConnector({
            name: "ghost",
            publisherId: id,
            createdAt: "t",
            fields: await qualityFields(tx, { publicUrl: URL, now: () => new Date() }, state),
          });
          await tx.insertVersion(cid, v, versionDocument("ghost", "acme", v, URL));
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await repo.connectorDocument("ghost")).toBeUndefined();
      expect(await repo.search({ terms: ["ghost"], sort: "relevance", limit: 10 })).toEqual([]);
      expect(await repo.categories()).toEqual([]);
    });

    it("reads several version documents at once, as one at a time would; the missing are absent", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      for (const n of ["alpha", "beta", "o'quote"]) await addConnector(repo, id, n);
      const wanted = [
        { name: "alpha", version: "1.0.0" },
        { name: "beta", version: "1.0.0" },
        { name: "beta", version: "9.9.9" },
        { name: "o'quote", version: "1.0.0" },
        { name: "nobody", version: "1.0.0" },
      ];
      const found = await repo.versionDocuments(wanted);
      expect([...found.keys()].sort()).toEqual(["alpha@1.0.0", "beta@1.0.0", "o'quote@1.0.0"]);
      for (const [key, doc] of found) {
        const [n, v] = key.split("@") as [string, string];
        expect(doc).toEqual(await repo.versionDocument(n, v));
      }
      expect((await repo.versionDocuments([])).size).toBe(0);
    });

    it("a duplicate version or name is a db.conflict (409)", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "dup");
      const error = await addConnector(repo, id, "dup").catch((e: unknown) => e);
      expect(isConnectoryError(error) && [error.code, error.status]).toEqual(["db.conflict", 409]);
      const again = await repo
        .transaction(async (tx) => {
          const state = (await tx.loadConnector("dup"))!;
          await tx.insertVersion(state.id, record("dup", "1.0.0"), { body: "{}", etag: "e" });
        })
        .catch((e: unknown) => e);
      expect(isConnectoryError(again) && again.code).toBe("db.conflict");
    });

    it("counts downloads exactly under concurrency, and only for existing versions", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "popular");
      const results = await Promise.all(
        Array.from({ length: 200 }, () => repo.countDownload("popular", "1.0.0")),
      );
      expect(results.every(Boolean)).toBe(true);
      expect((await repo.connectorDocument("popular"))?.downloads).toBe(200);
      expect(await repo.countDownload("popular", "9.9.9")).toBe(false);
      expect(await repo.countDownload("absent", "1.0.0")).toBe(false);
    });

    it("a download mark counts once, even concurrently; marks of past days are pruned", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "marked");
      const mark = { key: "k1", day: "2026-03-01" };
      const results = await Promise.all(
        Array.from({ length: 20 }, () => repo.countDownload("marked", "1.0.0", mark)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await repo.countDownload("marked", "1.0.0", { key: "k2", day: "2026-03-01" })).toBe(true);
      expect((await repo.connectorDocument("marked"))?.downloads).toBe(2);
      await repo.pruneDownloadMarks("2026-03-02");
      expect(await repo.countDownload("marked", "1.0.0", mark)).toBe(true); // its mark was pruned
      expect(await repo.countDownload("marked", "9.9.9", { key: "k3", day: "2026-03-02" })).toBe(false);
    });

    it("stores README HTML per version; NULL until stored", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "readme");
      expect(await repo.readmeHtml("readme", "1.0.0")).toBeNull();
      expect(await repo.readmeHtml("readme", "2.0.0")).toBeUndefined();
      await repo.storeReadmeHtml("readme", "1.0.0", "<p>x</p>");
      expect(await repo.readmeHtml("readme", "1.0.0")).toBe("<p>x</p>");
    });

    it("finds another publisher's connectors by name or title skeleton", async () => {
      repo = await open();
      const acme = await repo.ensurePublisher("acme", "t");
      const evil = await repo.ensurePublisher("evil", "t");
      await addConnector(repo, acme.id, "cloudmail");
      // Skeletons from the whole confusables data: "cl" folds to "d" (issue 31 #12).
      const found = await repo.transaction((tx) => tx.findLookAlikes(["doudmail", "nothing"], evil.id));
      expect(found).toEqual([
        {
          name: "cloudmail",
          displayName: null,
          publisher: "acme",
          nameSkeleton: "doudmail",
          displaySkeleton: "doudmall",
        },
      ]);
      expect(await repo.transaction((tx) => tx.findLookAlikes(["doudmail"], acme.id))).toEqual([]);
      expect(await repo.transaction((tx) => tx.findLookAlikes(["doudmall"], evil.id))).toHaveLength(1);
    });

    it("searches by word prefix, filters by category, pages by keyset", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "weather-now", { categories: ["weather"], description: "forecasts" });
      await addConnector(repo, id, "stocks", { categories: ["finance"], description: "weather of markets" });
      await addConnector(repo, id, "maps", { categories: ["maps"] });
      const hits = await repo.search({ terms: ["weath"], sort: "relevance", limit: 10 });
      expect(hits.map((h) => h.name)).toEqual(["weather-now", "stocks"]); // the name match first
      expect(
        (await repo.search({ terms: [], category: "finance", sort: "name", limit: 10 })).map((h) => h.name),
      ).toEqual(["stocks"]);
      const first = await repo.search({ terms: [], sort: "name", limit: 2 });
      const last = first[first.length - 1]!;
      const rest = await repo.search({
        terms: [],
        sort: "name",
        limit: 2,
        after: { key: last.key, name: last.name },
      });
      expect([...first, ...rest].map((h) => h.name)).toEqual(["maps", "stocks", "weather-now"]);
      expect(await repo.categories()).toEqual(
        expect.arrayContaining([
          { category: "weather", count: 1 },
          { category: "finance", count: 1 },
        ]),
      );
    });

    it("filters by publisher (alone, with words, with a category) and pages within it", async () => {
      repo = await open();
      const acme = await repo.ensurePublisher("acme", "t");
      const beta = await repo.ensurePublisher("beta", "t");
      for (const name of ["a-one", "a-two", "a-three"])
        await addConnector(repo, acme.id, name, { categories: ["weather"], description: "weather things" });
      for (const name of ["b-one", "b-two"])
        await addConnector(repo, beta.id, name, { publisher: "beta", description: "weather too" });
      const names = async (query: Partial<SearchQuery>) =>
        (await repo.search({ terms: [], sort: "name", limit: 10, ...query })).map((h) => h.name);
      expect(await names({ publisher: "acme" })).toEqual(["a-one", "a-three", "a-two"]);
      expect(await names({ publisher: "beta", sort: "downloads" })).toEqual(["b-one", "b-two"]);
      expect(await names({ publisher: "beta", terms: ["weath"], sort: "relevance" })).toEqual([
        "b-one",
        "b-two",
      ]);
      expect(await names({ publisher: "acme", category: "weather", sort: "updated" })).toHaveLength(3);
      expect(await names({ publisher: "beta", category: "weather" })).toEqual([]);
      expect(await names({ publisher: "nobody" })).toEqual([]);
      const first = await repo.search({ terms: [], sort: "name", limit: 2, publisher: "acme" });
      expect(first.every((h) => h.publisher === "acme")).toBe(true);
      const last = first[first.length - 1]!;
      const rest = await repo.search({
        terms: [],
        sort: "name",
        limit: 2,
        publisher: "acme",
        after: { key: last.key, name: last.name },
      });
      expect([...first, ...rest].map((h) => h.name)).toEqual(["a-one", "a-three", "a-two"]);
    });

    it("keeps a version's reported tools: stored on update, kept when a patch leaves them out", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "tooled");
      const load = () => repo.transaction((tx) => tx.loadConnector("tooled"));
      expect((await load())?.versions[0]?.tools ?? null).toBeNull();
      const report = JSON.stringify({ reportedBy: "publisher", items: [{ name: "ü-tool\u0000" }] });
      const patch = { yanked: false, deprecated: null, document: { body: "{}", etag: "e1" } };
      await repo.transaction(async (tx) =>
        tx.updateVersion((await tx.loadConnector("tooled"))!.id, "1.0.0", { ...patch, tools: report }),
      );
      expect((await load())?.versions[0]?.tools).toBe(report);
      await repo.transaction(async (tx) =>
        tx.updateVersion((await tx.loadConnector("tooled"))!.id, "1.0.0", { ...patch, yanked: true }),
      );
      expect((await load())?.versions[0]).toMatchObject({ yanked: true, tools: report });
      await repo.transaction(async (tx) =>
        tx.updateVersion((await tx.loadConnector("tooled"))!.id, "1.0.0", { ...patch, tools: null }),
      );
      expect((await load())?.versions[0]?.tools).toBeNull();
    });

    it("ping answers while the database is open and is db.unavailable (503) once it is not", async () => {
      repo = await open();
      await expect(repo.ping()).resolves.toBeUndefined();
      await repo.close();
      const error = await repo.ping().catch((e: unknown) => e);
      expect(isConnectoryError(error) && [error.code, error.status]).toEqual(["db.unavailable", 503]);
    });

    it("resolves latest and explicit tags; keeps meta", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "tagged");
      expect(await repo.resolveTag("tagged", "latest")).toBe("1.0.0");
      expect(await repo.resolveTag("tagged", "beta")).toBeUndefined();
      await repo.transaction(async (tx) =>
        tx.setTags((await tx.loadConnector("tagged"))!.id, { beta: "1.0.0" }),
      );
      expect(await repo.resolveTag("tagged", "beta")).toBe("1.0.0");
      await repo.transaction((tx) => tx.setMeta("k", "v1"));
      await repo.transaction((tx) => tx.setMeta("k", "v2"));
      expect(await repo.getMeta("k")).toBe("v2");
      expect(await repo.connectorNames()).toEqual(["tagged"]);
    });

    it("renews a check summary only while it is about the same latest check", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await addConnector(repo, id, "checked");
      const first = "2026-12-01T00:00:00.000Z";
      const recorded = await repo.recordCheck("checked", "1.0.0", {
        checkedAt: first,
        status: "up",
        kind: "remote",
      });
      expect(recorded).toMatchObject({ checks7d: 1, uptime7d: 1 });
      const summary = async () =>
        repo.transaction(async (tx) => {
          const state = (await tx.loadConnector("checked"))!;
          return (
            await tx.qualityEvidence(state.id, { weekStart: "2026-12-01", previousWeekStart: "2026-11-24" })
          ).checks;
        });
      expect(JSON.parse((await summary())!)).toEqual(recorded);
      const renew = (evidence: unknown, latest: string) =>
        repo.transaction(async (tx) =>
          tx.renewCheckSummary((await tx.loadConnector("checked"))!.id, JSON.stringify(evidence), latest),
        );
      // Eight days on: the same latest check, an emptied 7-day window.
      const aged = await repo.stabilityEvidence("checked", "2026-12-09T00:00:00.000Z");
      expect(aged).toMatchObject({ checks7d: 0, checks30d: 1 });
      expect(await renew(aged, first)).toBe(true);
      expect(JSON.parse((await summary())!)).toEqual(aged);
      expect(await renew(aged, first)).toBe(false); // the same again: nothing to write
      // A newer check landed meanwhile: a renewal computed before it leaves the newer summary alone.
      const newer = await repo.recordCheck("checked", "1.0.0", {
        checkedAt: "2026-12-09T01:00:00.000Z",
        status: "down",
        kind: "remote",
        error: "check.timeout",
      });
      expect(await renew(aged, first)).toBe(false);
      expect(JSON.parse((await summary())!)).toEqual(newer);
      // Every listing shows the latest check, whatever it is sorted by and with or without words.
      for (const sort of SORT_KEYS)
        for (const terms of [[], ["checked"]]) {
          const [hit] = await repo.search({ terms, sort, limit: 5 });
          expect(hit?.checkStatus, `${sort} ${terms.join(" ")}`).toBe("down");
        }
    });
  });
}
