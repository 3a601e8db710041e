import { afterEach, describe, expect, it } from "vitest";
import type { ConnectorState } from "../../src/db/connector-rows.js";
import type { NewConnectorVersion, RegistryTx } from "../../src/db/registry-tx.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { ServerListQuery } from "../../src/db/listing-queries.js";
import { versionDocument } from "../../src/registry/documents.js";
import { qualityFields } from "../../src/registry/quality.js";

const URL = "http://registry.test";

/** One connector with one version whose description and time are given. */
export async function add(
  repo: RegistryRepository,
  publisherId: number,
  name: string,
  description: string,
  at: string,
  upstreamName?: string,
) {
  await repo.transaction(async (tx) => {
    const c = await newConnector(tx, publisherId, name, description, at, upstreamName);
    const id = await tx.createConnector(c);
    await tx.insertVersion(id, c.version, c.document);
  });
}

/** A connector with one version, as createConnector(s) and insertVersion take it. */
async function newConnector(
  tx: RegistryTx,
  publisherId: number,
  name: string,
  description: string,
  at: string,
  upstreamName?: string,
): Promise<NewConnectorVersion> {
  {
    const manifest = { name, version: "1.0.0", publisher: "acme", description };
    const provenance = upstreamName ? { format: "server-json", upstreamName, fetchedAt: at } : undefined;
    const v = {
      ...(provenance ? { provenance: JSON.stringify(provenance) } : {}),
      version: "1.0.0",
      publishedAt: at,
      yanked: false,
      deprecated: null,
      integrity: "sha512-x",
      sha256: "00",
      size: 1,
      blobKey: `sha256/${name.replaceAll("-", "")}`,
      content: JSON.stringify({ manifest, mcp: { mcpServers: {} }, skills: [] }),
    };
    const state: ConnectorState = {
      id: 0,
      name,
      publisherId,
      publisher: "acme",
      createdAt: at,
      updatedAt: at,
      versions: [v],
      tags: {},
    };
    return {
      name,
      publisherId,
      createdAt: at,
      fields: await qualityFields(tx, { publicUrl: URL, now: () => new Date() }, state),
      version: v,
      document: versionDocument(name, "acme", v, URL),
    };
  }
}

/** One second apart from 2026-01-01T00:00:00Z: the i-th connector's time. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();

/** 1,010 connectors (more candidates than are read one by one) in one bulk load: `make(i)` is [name, description]. */
async function addMany(
  repo: RegistryRepository,
  publisherId: number,
  make: (i: number) => [string, string],
): Promise<void> {
  await repo.transaction(async (tx) =>
    tx.createConnectors(
      await Promise.all(
        Array.from({ length: 1010 }, (_, i) => newConnector(tx, publisherId, ...make(i), at(i))),
      ),
    ),
  );
}

/** A listing as `group:name` rows, pages of 30 unless `over` says otherwise. */
function listed(repo: RegistryRepository) {
  return (over: Partial<ServerListQuery>) =>
    repo
      .listServers({ prefix: "dev.connectory/", terms: [], limit: 30, ...over })
      .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
}

/** listServers (GET /v0.1/servers) behaves the same on every RegistryRepository. */
export function serverListContract(name: string, open: () => Promise<RegistryRepository>): void {
  describe(`${name} (listServers contract)`, () => {
    let repo: RegistryRepository;
    afterEach(async () => repo?.close());

    it("name substrings first, then full-text matches, by name, with an inclusive keyset and a time filter", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "stock-quotes", "prices", "2026-01-01T00:00:00.000Z");
      await add(repo, id, "alpha", "daily stock prices", "2026-01-02T00:00:00.000Z");
      await add(repo, id, "zeta", "stockholm weather", "2026-01-03T00:00:00.000Z");
      await add(repo, id, "my-stock", "nothing", "2026-01-04T00:00:00.000Z");
      await add(repo, id, "other", "unrelated", "2026-01-05T00:00:00.000Z");
      const q = (over: Partial<ServerListQuery>) =>
        repo
          .listServers({ prefix: "dev.connectory/", terms: [], limit: 10, ...over })
          .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
      expect(await q({})).toEqual(["0:alpha", "0:my-stock", "0:other", "0:stock-quotes", "0:zeta"]);
      const stock = { needle: "stock", terms: ["stock"] };
      expect(await q(stock)).toEqual(["0:my-stock", "0:stock-quotes", "1:alpha", "1:zeta"]);
      expect(await q({ ...stock, from: { group: 0, name: "stock-quotes" } })).toEqual([
        "0:stock-quotes",
        "1:alpha",
        "1:zeta",
      ]);
      expect(await q({ ...stock, from: { group: 1, name: "b" }, limit: 1 })).toEqual(["1:zeta"]);
      expect(await q({ needle: "connectory/al", terms: ["connectory", "al"] })).toEqual(["0:alpha"]);
      expect(await q({ needle: "dev.connectory/", terms: ["dev", "connectory"] })).toHaveLength(5);
      // A description substring matches too (the official registry's search), inside a word as well.
      expect(await q({ needle: "ckholm", terms: [] })).toEqual(["1:zeta"]);
      expect(await q({ needle: "%", terms: [] })).toEqual([]);
      expect(await q({ needle: "_", terms: [] })).toEqual([]);
      expect(await q({ updatedSince: "2026-01-03T00:00:00.000Z" })).toEqual(["0:my-stock", "0:other"]);
      expect(await q({ ...stock, updatedSince: "2026-01-02T12:00:00.000Z" })).toEqual([
        "0:my-stock",
        "1:zeta",
      ]);
      expect(await q({ from: { group: 0, name: "other" }, limit: 2 })).toEqual(["0:other", "0:stock-quotes"]);
      const [row] = await repo.listServers({
        prefix: "dev.connectory/",
        needle: "alpha",
        terms: [],
        limit: 1,
      });
      // The stored outline, made from the document there now: the document itself is not read.
      expect(row!.document).toBeNull();
      expect(JSON.parse(row!.outline!)).toEqual({
        etag: row!.etag,
        publisher: "acme",
        updatedAt: "2026-01-02T00:00:00.000Z",
        distTags: { latest: "1.0.0" },
        versions: { "1.0.0": { version: "1.0.0", yanked: false } },
        quality: { score: expect.any(Number) },
        publisherBadge: { verified: false, domains: [], unclaimed: false },
      });
      expect(row!.downloads).toBe(0);
      expect(row!.etag).toBe((await repo.connectorDocument("alpha"))!.etag);
      // The version `latest` names comes with the row, as versionDocument reads it.
      const latest = await repo.versionDocument("alpha", "1.0.0");
      expect([row!.latest, row!.latestDocument, row!.latestEtag]).toEqual([
        "1.0.0",
        latest!.body,
        latest!.etag,
      ]);
      // On every kind of page: a walk without a needle, and a name group read from its trigram candidates.
      for (const query of [{}, { needle: "alph", terms: ["alph"] }]) {
        const rows = await repo.listServers({ prefix: "dev.connectory/", terms: [], limit: 10, ...query });
        const alpha = rows.find((r) => r.name === "alpha");
        expect([alpha!.latest, alpha!.latestDocument, alpha!.latestEtag]).toEqual([
          "1.0.0",
          latest!.body,
          latest!.etag,
        ]);
      }
    });

    it("reads a row's document when its outline was made from another one (a write that kept the old outline)", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "alpha", "first", "2026-01-01T00:00:00.000Z");
      const before = (await repo.listServers({ prefix: "dev.connectory/", terms: [], limit: 5 }))[0]!;
      // As a build that does not know the column writes: a new document (a yank), the outline left as it was.
      await repo.transaction(async (tx) => {
        const state = (await tx.loadConnector("alpha"))!;
        const yanked = { ...state, versions: state.versions.map((v) => ({ ...v, yanked: true })) };
        const fields = await qualityFields(tx, { publicUrl: URL, now: () => new Date() }, yanked);
        await tx.updateConnector(state.id, { ...fields, outline: before.outline! });
      });
      const [row] = await repo.listServers({ prefix: "dev.connectory/", terms: [], limit: 5 });
      expect(row!.etag).not.toBe(before.etag);
      expect(row!.outline).toBeNull();
      const doc = JSON.parse(row!.document!) as { versions: Record<string, { yanked: boolean }> };
      expect(doc.versions["1.0.0"]!.yanked).toBe(true);
      // A row without an outline (written before the column) is read from its document the same way.
      await repo.transaction(async (tx) => {
        const state = (await tx.loadConnector("alpha"))!;
        const fields = await qualityFields(tx, { publicUrl: URL, now: () => new Date() }, state);
        await tx.updateConnector(state.id, { ...fields, outline: "" });
      });
      const [bare] = await repo.listServers({ prefix: "dev.connectory/", terms: [], limit: 5 });
      expect(bare!.outline).toBeNull();
      expect(JSON.parse(bare!.document!).name).toBe("alpha");
    });

    it("reads a needle's trigram candidates exactly: wildcards and backslashes are text, case as lower()", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "quotes", "Daily STOCK prices", "2026-01-01T00:00:00.000Z");
      await add(repo, id, "paths", "reads c:\\data\\files and 100% of_them", "2026-01-02T00:00:00.000Z");
      await add(repo, id, "other", "stack and stuck", "2026-01-03T00:00:00.000Z");
      const q = (needle: string) =>
        repo
          .listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })
          .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
      expect(await q("stock pri")).toEqual(["1:quotes"]);
      expect(await q("st_ck")).toEqual([]);
      expect(await q("st%ck")).toEqual([]);
      expect(await q("c:\\data\\")).toEqual(["1:paths"]);
      expect(await q("data\\")).toEqual(["1:paths"]);
      expect(await q("100% of_")).toEqual(["1:paths"]);
      expect(await q("uote")).toEqual(["0:quotes"]);
      expect(await q("ath")).toEqual(["0:paths"]);
    });

    it("a needle with a space finds descriptions holding it, wherever its first word starts", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "mega", "the megastock prices, daily", "2026-01-01T00:00:00.000Z");
      await add(repo, id, "upper", "Daily STOCK Prices", "2026-01-02T00:00:00.000Z");
      await add(repo, id, "accent", "stock prïces", "2026-01-03T00:00:00.000Z");
      await add(repo, id, "dash", "stock-prices and stock\tprices", "2026-01-04T00:00:00.000Z");
      await add(repo, id, "late", "old stock pricing", "2026-01-05T00:00:00.000Z");
      const q = (needle: string, over: Partial<ServerListQuery> = {}) =>
        repo
          .listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10, ...over })
          .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
      const all = ["1:late", "1:mega", "1:upper"];
      expect(await q("stock pri")).toEqual(all);
      expect(await q("stock prices")).toEqual(["1:mega", "1:upper"]);
      expect(await q("stock pri", { terms: ["stock", "pri"] })).toEqual(["1:accent", "1:dash", ...all]);
      expect(await q("stock pri", { from: { group: 1, name: "m" }, limit: 1 })).toEqual(["1:mega"]);
      expect(await q("stock pri", { updatedSince: "2026-01-02T00:00:00.000Z" })).toEqual(["1:late"]);
      expect(await q("daily stock pri")).toEqual(["1:upper"]);
      expect(await q("k pri")).toEqual(all);
      expect(await q("stock pr")).toEqual(["1:accent", ...all]); // 2 letters: the trigrams, as before
      expect(await q("stock prï")).toEqual(["1:accent"]);
      expect(await q("stock ")).toEqual(["1:accent", ...all]);
      expect(await q("ices, daily")).toEqual(["1:mega"]);
    });

    it("a needle with a space holds its wildcards and backslashes as text, ASCII letters in any case", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "percent", "Save 50% OFF_IT today", at(1));
      await add(repo, id, "wild", "save 50x offxit today", at(2));
      await add(repo, id, "slash", "reads c:\\dir\\ today", at(3));
      const q = (needle: string) => listed(repo)({ needle });
      expect(await q("50% off_it today")).toEqual(["1:percent"]);
      expect(await q("e 50% off_it tod")).toEqual(["1:percent"]);
      expect(await q("50x offxit today")).toEqual(["1:wild"]);
      expect(await q("c:\\dir\\ today")).toEqual(["1:slash"]);
      expect(await q("dir\\ tod")).toEqual(["1:slash"]);
    });

    it("a needle of ASCII words finds them at the edges of words in any script, and only where they are", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "han", "行情stock prices数据", at(1)); // one word each side: 行情stock, prices数据
      await add(repo, id, "accent", "naïvestock PRICES", at(2));
      await add(repo, id, "three", "our stock api prices", at(3));
      await add(repo, id, "apart", "stock and prices", at(4));
      await add(repo, id, "digits", "get v2 stock 10k prices", at(5));
      const q = (needle: string) => listed(repo)({ needle });
      expect(await q("stock prices")).toEqual(["1:accent", "1:han"]);
      expect(await q("tock pri")).toEqual(["1:accent", "1:han"]);
      expect(await q("s数据")).toEqual(["1:han"]);
      expect(await q("stock api prices")).toEqual(["1:three"]);
      expect(await q("ur stock api pr")).toEqual(["1:three"]);
      expect(await q("stock ap")).toEqual(["1:three"]);
      expect(await q("v2 stock 10k")).toEqual(["1:digits"]);
      expect(await q("2 stock 10")).toEqual(["1:digits"]);
      expect(await q("stock 10k prices")).toEqual(["1:digits"]);
      expect(await q("stock pricesx")).toEqual([]);
      expect(await q("xstock prices")).toEqual([]);
      expect(await q("stock and")).toEqual(["1:apart"]);
    });

    it("a needle of ASCII words matches its words anywhere in the text too, each as a prefix, never one alone", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(repo, id, "apart", "forecast tools for the weather", at(1));
      await add(repo, id, "plural", "weathers and forecasts", at(2));
      await add(repo, id, "one", "forecasting made simple", at(3));
      await add(repo, id, "phrase", "the weather forecast", at(4));
      await add(repo, id, "other", "weatherproof boxes", at(5));
      const q = (needle: string) => listed(repo)({ needle, terms: needle.split(" ") });
      expect(await q("weather forecast")).toEqual(["1:apart", "1:phrase", "1:plural"]);
      expect(await q("weat fore")).toEqual(["1:apart", "1:phrase", "1:plural"]);
      expect(await q("forecast simple")).toEqual(["1:one"]);
      expect(await q("weatherproof forecast")).toEqual([]);
    });

    it("a needle with a space finds an upstream name holding it by the trigrams around its spaces", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      // Upstream names are not checked for spaces (an imported plugin's name is what its manifest says).
      await add(repo, id, "spaced", "nothing", at(1), "io.github.acme/Stock Prices Daily");
      await add(repo, id, "quoted", "nothing", at(2), 'io.github.acme/say "hi" now');
      await add(repo, id, "unspaced", "stock prices daily", at(3), "io.github.acme/stockprices");
      await add(repo, id, "other", "the stock is priced", at(4), "io.github.acme/stock-prices");
      const q = (needle: string) =>
        repo
          .listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })
          .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
      expect(await q("stock pri")).toEqual(["0:spaced", "1:unspaced"]);
      expect(await q("k prices d")).toEqual(["0:spaced", "1:unspaced"]);
      expect(await q("prices daily")).toEqual(["0:spaced", "1:unspaced"]);
      expect(await q('"hi" n')).toEqual(["0:quoted"]);
      expect(await q('y "hi"')).toEqual(["0:quoted"]);
      expect(await q("stock  pri")).toEqual([]);
      expect(await q("spaced ")).toEqual([]); // a names row's own space (name, then upstream name) is not a match
    });

    it("a needle's letters and digits around its separators find only the names and descriptions holding it", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      // Each holds the needle's runs of letters and digits, in order; only some hold the needle itself.
      await add(repo, id, "weather-tool", "nothing", "2026-01-01T00:00:00.000Z");
      await add(repo, id, "weather-x-tool", "nothing", "2026-01-02T00:00:00.000Z");
      await add(repo, id, "weathertool", "nothing", "2026-01-03T00:00:00.000Z");
      await add(repo, id, "near", "forecast: weather-tool for café-bar hours", "2026-01-04T00:00:00.000Z");
      await add(repo, id, "apart", "weather and tool; café and bar", "2026-01-05T00:00:00.000Z");
      await add(repo, id, "joined", "weathertool cafébar", "2026-01-06T00:00:00.000Z");
      await add(repo, id, "cased", "The Weather Tool of Café-Bar", "2026-01-07T00:00:00.000Z");
      const q = (needle: string) =>
        repo
          .listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })
          .then((rows) => rows.map((r) => `${r.group}:${r.name}`));
      expect(await q("weather-tool")).toEqual(["0:weather-tool", "1:near"]);
      expect(await q("weather tool")).toEqual(["1:cased"]);
      expect(await q("café-bar")).toEqual(["1:cased", "1:near"]);
      expect(await q("er-tool for caf")).toEqual(["1:near"]);
      expect(await q("r-x-t")).toEqual(["0:weather-x-tool"]);
      expect(await q("her%tool")).toEqual([]);
      expect(await q("her_tool")).toEqual([]);
    });

    it("finds a connector by the upstream name it was imported under, exactly, and matches it in listings", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      await add(
        repo,
        id,
        "brave-search",
        "web search",
        "2026-01-01T00:00:00.000Z",
        "io.github.brave/brave-search",
      );
      await add(repo, id, "plain", "nothing", "2026-01-02T00:00:00.000Z");
      expect(await repo.connectorOfUpstreamName("io.github.brave/brave-search")).toBe("brave-search");
      expect(await repo.connectorOfUpstreamName("io.github.brave/brave")).toBeUndefined();
      const rows = await repo.listServers({
        prefix: "dev.connectory/",
        needle: "io.github.brave/",
        terms: [],
        limit: 10,
      });
      expect(rows.map((r) => `${r.group}:${r.name}`)).toEqual(["0:brave-search"]);
      // Without a slash the needle's trigram candidates are looked up: the upstream name as lower-cased.
      await add(repo, id, "tool", "nothing", "2026-01-03T00:00:00.000Z", "io.github.Acme/Weather-Tool");
      const q = (needle: string) =>
        repo
          .listServers({ prefix: "dev.connectory/", needle, terms: [], limit: 10 })
          .then((found) => found.map((r) => `${r.group}:${r.name}`));
      expect(await q("github.brave")).toEqual(["0:brave-search"]);
      expect(await q("acme/weather")).toEqual(["0:tool"]);
      expect(await q("weather-tool")).toEqual(["0:tool"]);
      expect(await q("Weather")).toEqual([]); // the search text arrives lower-cased; a name is lower-case
    });

    it("a needle with more than a thousand name candidates walks the name index: the same pages either way", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      // 1,010 names hold "many" (more candidates than are read one by one); "many-10" is in 21 of them.
      await addMany(repo, id, (i) => [`many-${i}`, "nothing"]);
      await add(repo, id, "few", "many things", at(2000));
      const names = Array.from({ length: 1010 }, (_, i) => `many-${i}`).sort();
      const list = listed(repo);
      const group0 = (list: string[]) => list.map((n) => `0:${n}`);
      expect(await list({ needle: "many" })).toEqual(group0(names.slice(0, 30)));
      expect(await list({ needle: "many", from: { group: 0, name: names[500]! } })).toEqual(
        group0(names.slice(500, 530)),
      );
      expect(await list({ needle: "many", updatedSince: at(1000) })).toEqual([
        ...group0(names.filter((n) => Number(n.slice(5)) > 1000)),
        "1:few",
      ]);
      const tens = names.filter((n) => n.startsWith("many-10"));
      expect(tens).toHaveLength(21);
      expect(await list({ needle: "many-10" })).toEqual(group0(tens));
      expect(await list({ needle: "many-10", from: { group: 0, name: tens[5]! }, limit: 3 })).toEqual(
        group0(tens.slice(5, 8)),
      );
      expect(await list({ needle: "many-10", updatedSince: at(1000) })).toEqual(
        group0(tens.filter((n) => Number(n.slice(5)) > 1000)),
      );
    }, 60_000);

    it("a needle with a space in more than a thousand texts: the same pages from the candidates or the walk", async () => {
      repo = await open();
      const { id } = await repo.ensurePublisher("acme", "t");
      // 1,010 descriptions hold "many words" (more candidates than are read one by one); "many words 1000" is in 10.
      await addMany(repo, id, (i) => [`t-${i}`, `many words ${10000 + i}`]);
      await add(repo, id, "x-1", "somany words 1000", at(2000)); // the needle inside a word: the description only
      await add(repo, id, "y-1", "1000 words many", at(2001)); // the words only
      const list = listed(repo);
      const group1 = (list: string[]) => list.map((n) => `1:${n}`);
      const all = [...Array.from({ length: 1010 }, (_, i) => `t-${i}`), "x-1", "y-1"].sort();
      const late = (n: string) => !n.startsWith("t-") || Number(n.slice(2)) > 1000;
      const words = { needle: "many words", terms: ["many", "words"] };
      expect(await list(words)).toEqual(group1(all.slice(0, 30)));
      expect(await list({ ...words, from: { group: 1, name: all[500]! } })).toEqual(
        group1(all.slice(500, 530)),
      );
      expect(await list({ ...words, updatedSince: at(1000) })).toEqual(group1(all.filter(late)));
      // t-1000 by its name's word "1000" and its description's words.
      const tens = all.filter((n) => !n.startsWith("t-") || Number(n.slice(2)) < 10 || n === "t-1000");
      expect(tens).toHaveLength(13);
      const ten = { needle: "many words 1000", terms: ["many", "words", "1000"] };
      expect(await list(ten)).toEqual(group1(tens));
      expect(await list({ ...ten, from: { group: 1, name: tens[5]! }, limit: 3 })).toEqual(
        group1(tens.slice(5, 8)),
      );
      expect(await list({ ...ten, updatedSince: at(5) })).toEqual(
        group1(tens.filter((n) => !n.startsWith("t-") || Number(n.slice(2)) > 5)),
      );
      expect(await list({ ...ten, terms: [] })).toEqual(
        group1(tens.filter((n) => n !== "y-1" && n !== "t-1000")),
      );
    }, 60_000);
  });
}
