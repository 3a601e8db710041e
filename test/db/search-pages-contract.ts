import { afterEach, describe, expect, it } from "vitest";
import type { Category } from "../../src/core/types.js";
import type { ConnectorState } from "../../src/db/connector-rows.js";
import type {
  ConnectorSummary,
  SearchQuery,
  ServerListQuery,
  ServerListRow,
} from "../../src/db/listing-queries.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";

const URL = "http://registry.test";

/** Connectors in one transaction: name, description, category (and a display name) and a distinct time each. */
async function addAll(
  repo: RegistryRepository,
  publisherId: number,
  rows: Array<{ name: string; description: string; category: Category; displayName?: string }>,
) {
  await repo.transaction(async (tx) => {
    for (const [i, row] of rows.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      const manifest = {
        name: row.name,
        version: "1.0.0",
        publisher: "acme",
        description: row.description,
        categories: [row.category],
        ...(row.displayName !== undefined ? { displayName: row.displayName } : {}),
      };
      const v = {
        version: "1.0.0",
        publishedAt: at,
        yanked: false,
        deprecated: null,
        integrity: "sha512-x",
        sha256: "00",
        size: 1,
        blobKey: `sha256/${row.name.replaceAll("-", "")}`,
        content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
      };
      const state: ConnectorState = {
        id: 0,
        name: row.name,
        publisherId,
        publisher: "acme",
        createdAt: at,
        updatedAt: at,
        versions: [v],
        tags: {},
      };
      const id = await tx.createConnector({
        name: row.name,
        publisherId,
        createdAt: at,
        fields: await qualityFields(tx, { publicUrl: URL, now: () => new Date(at) }, state),
      });
      await tx.insertVersion(id, v, versionDocument(row.name, "acme", v, URL));
    }
  });
}

/** Every page of a search, walked by keyset with `limit` per page. */
async function walk(repo: RegistryRepository, query: SearchQuery): Promise<ConnectorSummary[]> {
  const out: ConnectorSummary[] = [];
  let after: SearchQuery["after"];
  for (let page = 0; page < 100; page++) {
    const hits = await repo.search({ ...query, ...(after ? { after } : {}) });
    out.push(...hits);
    const last = hits[hits.length - 1];
    if (hits.length < query.limit || !last) return out;
    after = { key: last.key, name: last.name };
  }
  throw new Error("more than 100 pages");
}

/** Every page of a server listing, resuming (inclusively) after the last row, as the service does. */
async function walkServers(repo: RegistryRepository, query: ServerListQuery): Promise<ServerListRow[]> {
  const out: ServerListRow[] = [];
  let from: ServerListQuery["from"];
  for (let page = 0; page < 100; page++) {
    const rows = await repo.listServers({ ...query, ...(from ? { from } : {}) });
    const fresh = from ? rows.filter((r) => !(r.group === from!.group && r.name === from!.name)) : rows;
    out.push(...fresh);
    const last = rows[rows.length - 1];
    if (rows.length < query.limit || !last) return out;
    from = { group: last.group, name: last.name };
  }
  throw new Error("more than 100 pages");
}

/**
 * Search pages stay exact when a page boundary falls inside a run of equal ranks (many connectors with the
 * same text), and a category listing by any sort is the same list however it is paged: what the two-phase
 * relevance query and the index-walking listings must keep (src/db/sqlite/sqlite-search.ts, pg-search.ts).
 */
export function searchPagesContract(name: string, open: () => Promise<RegistryRepository>): void {
  describe(`${name} (search pages contract)`, () => {
    let repo: RegistryRepository;
    afterEach(async () => repo?.close());

    it("pages through rank ties by name, the exact name first, with and without a category", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows: Array<{ name: string; description: string; category: Category }> = [];
      // 30 identical texts (equal ranks), 10 with the word twice (better ranks), one named `quartz`.
      for (let i = 0; i < 30; i++)
        rows.push({
          name: `tie-${String(i).padStart(2, "0")}`,
          description: "a quartz clock",
          category: i % 2 ? "finance" : "weather",
        });
      for (let i = 0; i < 10; i++)
        rows.push({
          name: `two-${i}`,
          description: "quartz quartz clock",
          category: i % 2 ? "finance" : "weather",
        });
      rows.push({ name: "quartz", description: "the exact name", category: "finance" });
      rows.push({ name: "other", description: "nothing to see", category: "finance" });
      await addAll(repo, id, rows.reverse()); // insertion order is not name order
      const all = await repo.search({ terms: ["quartz"], sort: "relevance", limit: 100 });
      expect(all).toHaveLength(41);
      expect(all[0]!.name).toBe("quartz");
      expect(new Set(all.map((h) => h.key)).size).toBeLessThan(10); // runs of equal ranks to page through
      // Ordered by (rank, name): equal ranks come out by name.
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        expect(a.key < b.key || (a.key === b.key && a.name < b.name)).toBe(true);
      }
      for (const limit of [1, 3, 7, 40])
        expect(
          (await walk(repo, { terms: ["quartz"], sort: "relevance", limit })).map((h) => h.name),
        ).toEqual(all.map((h) => h.name));
      const finance = all.filter((h) => h.categories.includes("finance")).map((h) => h.name);
      expect(finance).toHaveLength(21);
      expect(
        (await walk(repo, { terms: ["quart"], category: "finance", sort: "relevance", limit: 4 })).map(
          (h) => h.name,
        ),
      ).toEqual(finance);
    });

    it("pages across the tiers alike: the exact name, then names holding the word, then the rest", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows: Array<{ name: string; description: string; category: Category }> = [];
      // 12 names holding the word (SQLite ranks this tier alone when it fills a page), 25 descriptions
      // only, some with the word twice (better ranks than some names' rows would have without their tier).
      for (let i = 0; i < 12; i++)
        rows.push({
          name: `flint-${String((i * 5) % 12).padStart(2, "0")}`,
          description: i % 3 ? "a tool" : "flint flint flint tool",
          category: i % 2 ? "finance" : "weather",
        });
      for (let i = 0; i < 25; i++)
        rows.push({
          name: `stone-${String(i).padStart(2, "0")}`,
          description: i % 4 ? "made of flint" : "flint flint flint flint",
          category: i % 2 ? "finance" : "weather",
        });
      rows.push({ name: "flint", description: "the exact name", category: "finance" });
      await addAll(repo, id, rows.reverse());
      const all = await repo.search({ terms: ["flint"], sort: "relevance", limit: 100 });
      const names = all.map((h) => h.name);
      expect(names).toHaveLength(38);
      expect(names[0]).toBe("flint");
      expect(names.slice(1, 13).every((n) => n.startsWith("flint-"))).toBe(true);
      expect(names.slice(13).every((n) => n.startsWith("stone-"))).toBe(true);
      // Pages inside the first tiers, across their end and after it: the same list however it is paged.
      for (const limit of [1, 2, 5, 12, 13, 14, 30])
        expect((await walk(repo, { terms: ["flint"], sort: "relevance", limit })).map((h) => h.name)).toEqual(
          names,
        );
      const finance = all.filter((h) => h.categories.includes("finance")).map((h) => h.name);
      for (const limit of [2, 6])
        expect(
          (await walk(repo, { terms: ["flin"], category: "finance", sort: "relevance", limit })).map(
            (h) => h.name,
          ),
        ).toEqual(finance);
    });

    it("puts display names in the name-or-title tier, for a word, a prefix and a phrase", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows: Array<{ name: string; description: string; category: Category; displayName?: string }> = [];
      // 8 display names holding the word (not their names), 4 names, 20 descriptions only (some with the
      // word often, and a display name without it): the title tier is the 12, whatever their ranks.
      for (let i = 0; i < 8; i++)
        rows.push({
          name: `tool-${i}`,
          displayName: i % 2 ? `Basalt Works ${i}` : `The Basalt ${i}`,
          description: "a tool",
          category: i % 2 ? "finance" : "weather",
        });
      // The names' long descriptions rank them below the display names: a tier of the names alone would do.
      for (let i = 0; i < 4; i++)
        rows.push({ name: `basalt-${i}`, description: "a tool ".repeat(60), category: "weather" });
      for (let i = 0; i < 20; i++)
        rows.push({
          name: `rock-${String(i).padStart(2, "0")}`,
          displayName: i % 2 ? "Rock Works" : undefined,
          description: i % 3 ? "basalt works" : "basalt basalt basalt basalt",
          category: i % 2 ? "finance" : "weather",
        });
      await addAll(repo, id, rows.reverse());
      for (const terms of [["basalt"], ["basa"], ["basalt-works"]]) {
        const all = (await repo.search({ terms, sort: "relevance", limit: 100 })).map((h) => h.name);
        const titled = terms[0] === "basalt-works" ? 4 : 12;
        expect(
          all.slice(0, titled).every((n) => !n.startsWith("rock-")),
          terms.join(),
        ).toBe(true);
        expect(
          all.slice(titled).every((n) => n.startsWith("rock-")),
          terms.join(),
        ).toBe(true);
        for (const limit of [1, 5, titled, titled + 1, 30])
          expect((await walk(repo, { terms, sort: "relevance", limit })).map((h) => h.name)).toEqual(all);
      }
    });

    it("pages through hundreds of equal ranks (more than are read one by one) by name, mixed with other names", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows: Array<{ name: string; description: string; category: Category }> = [];
      // 620 identical texts: one rank, more ties than src/db/sqlite/sqlite-search.ts reads name by name, so
      // the name index is walked; names that do not match sort between and around them.
      for (let i = 0; i < 620; i++) {
        const n = String((i * 389) % 620).padStart(4, "0");
        rows.push({ name: `m-${n}`, description: "basalt rock", category: i % 5 ? "finance" : "weather" });
        if (i % 3 === 0) rows.push({ name: `m-${n}-x`, description: "granite", category: "finance" });
      }
      for (let i = 0; i < 5; i++)
        rows.push({ name: `z-${i}`, description: "basalt basalt rock", category: "weather" });
      rows.push({ name: "basalt", description: "the exact name", category: "finance" });
      await addAll(repo, id, rows);
      const ties = rows.filter((r) => r.name.startsWith("m-") && !r.name.endsWith("-x")).map((r) => r.name);
      const expected = ["basalt", ...["z-0", "z-1", "z-2", "z-3", "z-4"], ...ties.sort()];
      for (const limit of [7, 100, 700]) {
        const names = (await walk(repo, { terms: ["basalt"], sort: "relevance", limit })).map((h) => h.name);
        expect(names).toEqual(expected);
      }
      const inWeather = rows.filter((r) => r.category === "weather" && r.description.includes("basalt"));
      const weatherExpected = [
        ...inWeather.filter((r) => r.name.startsWith("z-")).map((r) => r.name),
        ...inWeather
          .filter((r) => r.name.startsWith("m-"))
          .map((r) => r.name)
          .sort(),
      ];
      expect(
        (await walk(repo, { terms: ["basal"], category: "weather", sort: "relevance", limit: 9 })).map(
          (h) => h.name,
        ),
      ).toEqual(weatherExpected);
    });

    it("lists a category by downloads, updated and name on every page alike", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows = Array.from({ length: 40 }, (_, i) => ({
        name: `c-${String((i * 17) % 40).padStart(2, "0")}`,
        description: "listing",
        category: (i % 3 === 0 ? "finance" : "weather") as Category,
      }));
      await addAll(repo, id, rows);
      const finance = rows.filter((r) => r.category === "finance");
      for (const [sort, expected] of [
        ["name", finance.map((r) => r.name).sort()],
        ["updated", [...finance].reverse().map((r) => r.name)], // added in order: the last is newest
        ["downloads", finance.map((r) => r.name).sort()], // all 0: by name
      ] as const) {
        for (const limit of [2, 5, 100])
          expect(
            (await walk(repo, { terms: [], category: "finance", sort, limit })).map((h) => h.name),
          ).toEqual(expected);
      }
    });

    it("a server listing pages across both groups: name matches by name, then text matches by name", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      const rows = [
        ...Array.from({ length: 12 }, (_, i) => ({
          name: `zinc-${String(i).padStart(2, "0")}`,
          description: "metal",
          category: "finance" as Category,
        })),
        ...Array.from({ length: 12 }, (_, i) => ({
          name: `ore-${String(i).padStart(2, "0")}`,
          description: "has zinc in it",
          category: "finance" as Category,
        })),
        { name: "plain", description: "nothing", category: "finance" as Category },
      ];
      await addAll(repo, id, rows.reverse());
      const query = { prefix: "dev.connectory/", needle: "zinc", terms: ["zinc"] };
      const expected = [
        ...rows.filter((r) => r.name.startsWith("zinc")).map((r) => `0 ${r.name}`),
        ...rows.filter((r) => r.name.startsWith("ore")).map((r) => `1 ${r.name}`),
      ].sort();
      for (const limit of [2, 5, 12, 13, 50])
        expect((await walkServers(repo, { ...query, limit })).map((r) => `${r.group} ${r.name}`)).toEqual(
          expected,
        );
      const since = new Date(Date.UTC(2026, 0, 1) + 20 * 60_000).toISOString();
      const recent = await walkServers(repo, { ...query, updatedSince: since, limit: 3 });
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(expected.length);
    });
  });
}
