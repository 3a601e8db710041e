import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { createTestRegistry, packPackage, publishSamples, type TestRegistry } from "../helpers/registry.js";

// The same connectors published to SQLite (FTS5) and PostgreSQL (tsvector + GIN): the same queries must
// find the same connectors, in the same order wherever the order is defined by data (not by a ranking
// function), and relevance must put the exact name first on both.

const available = await postgresAvailable();

const CORPUS = [
  {
    name: "weather-cn",
    displayName: "Weather CN",
    description: "Forecasts for China: 天气预报 by city",
    keywords: ["weather", "china"],
    categories: ["weather"],
  },
  {
    name: "cafe-finder",
    displayName: "Café Finder",
    description: "Find a café near you",
    keywords: ["coffee", "maps"],
    categories: ["maps"],
  },
  {
    name: "stock-market",
    description: "Live stock market quotes (NASDAQ, SSE) and 2024 filings",
    keywords: ["finance", "stocks"],
    categories: ["finance", "data-analysis"],
  },
  {
    name: "market-maker",
    displayName: "Market Maker",
    description: "Quotes and order books for exchanges",
    keywords: ["trading"],
    categories: ["finance"],
  },
  {
    name: "weatherly",
    description: "A tiny forecast server, v2 of the classic",
    keywords: ["forecast"],
    categories: ["weather"],
  },
  {
    name: "notes",
    displayName: "Ñotes",
    description: "Über-simple notes; naïve sync over e-mail (user@example.com)",
    keywords: ["productivity"],
    categories: ["productivity"],
  },
  {
    name: "files-x",
    description: "File system access, read and write files",
    keywords: ["files", "fs"],
    categories: ["files"],
  },
];

const QUERIES = [
  "weather",
  "wea",
  "w",
  "café",
  "cafe",
  "CAFE",
  "天气",
  "天气预报",
  "stock market",
  "market stock",
  "market",
  "tushare",
  "tush",
  "github",
  "mcp",
  "server",
  "2024",
  "v2",
  "e",
  "mail",
  "example",
  "com",
  "uber",
  "naive",
  "files system",
  "file",
  "nasdaq sse",
  "nothing-matches-this",
  "ñotes",
  "notes",
  "tdx",
  "weather cn",
];
const SORTS = ["relevance", "downloads", "updated", "name"] as const;

describe.skipIf(!available)("search on PostgreSQL meets the FTS5 results contract", () => {
  let db: TestDatabase;
  let sqlite: TestRegistry;
  let pg: TestRegistry;

  beforeAll(async () => {
    db = await createTestDatabase();
    // One clock per registry, so both see identical publish times.
    const clock = () => {
      let t = Date.parse("2026-01-01T00:00:00Z");
      return () => new Date((t += 60_000));
    };
    sqlite = await createTestRegistry({ now: clock() });
    pg = await createTestRegistry({ now: clock(), databaseUrl: db.url });
    for (const reg of [sqlite, pg]) {
      await publishSamples(reg);
      const token = await reg.token("acme");
      for (const [i, entry] of CORPUS.entries()) {
        const res = await reg.publish(
          await packPackage({ ...entry, version: `1.${i}.0`, publisher: "acme" }),
          token,
          entry.name,
        );
        expect(res.status).toBe(201);
      }
      // Distinct download counts, with a tie, so the downloads sort has something to order.
      for (const [name, times] of [
        ["weather-cn", 3],
        ["stock-market", 2],
        ["notes", 2],
        ["cafe-finder", 1],
      ] as const) {
        const doc = (await (await reg.request(`/v1/connectors/${name}`)).json()) as {
          distTags: { latest: string };
        };
        for (let k = 0; k < times; k++) {
          expect((await reg.request(`/v1/connectors/${name}/${doc.distTags.latest}/tarball`)).status).toBe(
            200,
          );
        }
      }
    }
  });
  afterAll(async () => {
    await Promise.all([sqlite?.close(), pg?.close()]);
    await db?.drop();
  });

  async function names(reg: TestRegistry, query: string): Promise<string[]> {
    const res = await reg.request(`/v1/connectors?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Array<{ name: string }> }).items.map((i) => i.name);
  }

  it.each(QUERIES)("q=%j finds the same connectors on both", async (q) => {
    for (const sort of SORTS) {
      for (const category of ["", "finance", "weather"]) {
        const query = `q=${encodeURIComponent(q)}&sort=${sort}&category=${category}&limit=100`;
        const [a, b] = [await names(sqlite, query), await names(pg, query)];
        if (sort === "relevance") {
          expect(new Set(b), query).toEqual(new Set(a));
          const exact = q.toLowerCase().split(/\s+/).join("-");
          if (a.includes(exact)) expect([a[0], b[0]], query).toEqual([exact, exact]);
        } else {
          expect(b, query).toEqual(a);
        }
      }
    }
  });

  it("a name match outranks a description match, on both", async () => {
    for (const reg of [sqlite, pg]) {
      const hits = await names(reg, "q=market");
      expect(hits.indexOf("market-maker")).toBeLessThan(hits.indexOf("weatherly") === -1 ? Infinity : 0);
      expect(hits.slice(0, 2).sort()).toEqual(["market-maker", "stock-market"]);
    }
  });

  it("keyset pages add up to the whole list, in the same order on both", async () => {
    for (const query of [
      "sort=name",
      "sort=downloads",
      "sort=updated",
      "q=weather&sort=relevance",
      "category=finance",
      "publisher=acme&sort=name",
      "publisher=connectory-samples&sort=downloads",
      "publisher=acme&q=market&sort=relevance",
    ]) {
      const walk = async (reg: TestRegistry) => {
        const all: string[] = [];
        let cursor = "";
        for (let page = 0; page < 50; page++) {
          const res = await reg.request(
            `/v1/connectors?${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
          );
          const body = (await res.json()) as { items: Array<{ name: string }>; nextCursor: string | null };
          all.push(...body.items.map((i) => i.name));
          if (!body.nextCursor) return all;
          cursor = body.nextCursor;
        }
        throw new Error("pagination did not end");
      };
      const [a, b] = [await walk(sqlite), await walk(pg)];
      expect(b).toEqual(await names(pg, `${query}&limit=100`));
      if (!query.includes("relevance")) expect(b, query).toEqual(a);
      else expect(new Set(b)).toEqual(new Set(a));
    }
  });

  it("hostile words reach PostgreSQL only as quoted lexemes", async () => {
    const terms = ["o'brien", "a\\b", "x:*", "!(y|z)", "'; DROP TABLE connectors; --", "é".repeat(3000)];
    for (const sort of SORTS) {
      expect(await pg.repo.search({ terms, sort, limit: 10 })).toEqual([]);
      expect(await sqlite.repo.search({ terms, sort, limit: 10 })).toEqual([]);
    }
    // Words tsquery syntax would read as operators are plain words, as in FTS5.
    expect(
      (await pg.repo.search({ terms: ["weather", "cn!"], sort: "relevance", limit: 10 })).map((h) => h.name),
    ).toEqual(["weather-cn"]);
    expect(await names(pg, `q=${encodeURIComponent("weather' OR '1'='1")}`)).toEqual(
      await names(sqlite, `q=${encodeURIComponent("weather' OR '1'='1")}`),
    );
  });

  it("the publisher filter keeps exactly that publisher's connectors, on both", async () => {
    const everything = await names(sqlite, "sort=name&limit=100");
    for (const publisher of ["acme", "connectory-samples"]) {
      for (const sort of SORTS) {
        const query = `publisher=${publisher}&sort=${sort}&limit=100`;
        const [a, b] = [await names(sqlite, query), await names(pg, query)];
        expect(b, query).toEqual(a);
        expect(a.length).toBeGreaterThan(1);
        const all = (await (await sqlite.request(`/v1/connectors?${query}`)).json()) as {
          items: Array<{ publisher: string }>;
        };
        expect(all.items.every((i) => i.publisher === publisher)).toBe(true);
      }
    }
    const acme = await names(sqlite, "publisher=acme&sort=name&limit=100");
    const samples = await names(sqlite, "publisher=connectory-samples&sort=name&limit=100");
    expect([...acme, ...samples].sort()).toEqual([...everything].sort());
    expect(await names(pg, "publisher=nobody-here")).toEqual([]);
  });

  it("relevance follows a new version's words on both (PostgreSQL's narrow search table is rewritten)", async () => {
    for (const reg of [sqlite, pg]) {
      const token = await reg.token("acme");
      for (const [version, description] of [
        ["1.0.0", "Rides a zeppelin"],
        ["1.1.0", "Rides an airship"],
      ] as const) {
        const pkg = await packPackage({ name: "blimp", version, publisher: "acme", description });
        expect((await reg.publish(pkg, token, "blimp")).status).toBe(201);
      }
    }
    for (const q of ["zeppelin", "airship", "blimp", "airsh"])
      for (const category of ["", "maps"]) {
        const query = `q=${q}&sort=relevance&category=${category}&limit=100`;
        expect(await names(pg, query), query).toEqual(await names(sqlite, query));
      }
    expect(await names(pg, "q=airship")).toEqual(["blimp"]);
    expect(await names(pg, "q=zeppelin")).toEqual([]);
    const client = postgres(db.url, { onnotice: () => {} });
    try {
      const [row] = await client<Array<{ missing: number; extra: number }>>`
        SELECT (SELECT count(*)::int FROM connectors c WHERE NOT EXISTS (
                  SELECT 1 FROM connector_search s WHERE s.connector_id = c.id AND s.name = c.name AND s.search = c.search)) AS missing,
               (SELECT count(*)::int FROM connector_search s WHERE NOT EXISTS (
                  SELECT 1 FROM connectors c WHERE c.id = s.connector_id)) AS extra`;
      expect(row).toEqual({ missing: 0, extra: 0 }); // one row per connector, the same vector and name
    } finally {
      await client.end();
    }
  });

  it("categories count the same", async () => {
    const [a, b] = [await sqlite.request("/v1/categories"), await pg.request("/v1/categories")];
    expect(await b.json()).toEqual(await a.json());
  });
});
