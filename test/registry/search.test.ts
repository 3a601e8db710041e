import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientEnv, createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
let acme: string;
let clock = Date.parse("2026-01-01T00:00:00Z");
beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date((clock += 1000)) });
  acme = await reg.token("acme");
  const add = async (name: string, manifest: Record<string, unknown>) =>
    expect(
      (await reg.publish(await packPackage({ name, version: "1.0.0", ...manifest }), acme, name)).status,
    ).toBe(201);
  await add("weather", { description: "Forecasts for cities", categories: ["weather"] });
  await add("sky-report", {
    description: "Weather, weather and more weather everywhere",
    categories: ["weather"],
  });
  await add("stocks", { description: "Quotes for markets", keywords: ["weather"], categories: ["finance"] });
  await add("maps-pro", { displayName: "Weather Maps", description: "Tiles", categories: ["maps"] });
  const beta = await reg.token("beta");
  for (const name of ["zeta-sun", "zeta-rain", "zeta-snow"])
    expect(
      (
        await reg.publish(
          await packPackage({ name, version: "1.0.0", publisher: "beta", categories: ["files"] }),
          beta,
          name,
        )
      ).status,
    ).toBe(201);
  for (let i = 0; i < 25; i++)
    await add(`bulk-${String(i).padStart(2, "0")}`, { description: `bulk item ${i}`, categories: ["other"] });
  // Downloads for the downloads sort: bulk-03 gets 3, bulk-07 gets 2.
  for (const [name, n] of [
    ["bulk-03", 3],
    ["bulk-07", 2],
  ] as const)
    for (let i = 0; i < n; i++)
      await reg.app.request(
        `${reg.publicUrl}/v1/connectors/${name}/1.0.0/tarball`,
        undefined,
        clientEnv(`10.0.0.${i}`),
      );
});
afterAll(() => reg.close());

type Page = {
  items: Array<{ name: string; downloads: number; version: string | null }>;
  nextCursor: string | null;
};
const search = async (query: string) => {
  const res = await reg.request(`/v1/connectors?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};

describe("GET /v1/connectors", () => {
  it("ranks a name match above display-name, keyword and description matches", async () => {
    const names = (await search("q=weather")).items.map((i) => i.name);
    expect(names[0]).toBe("weather");
    expect(names.slice(1, 3)).toContain("maps-pro"); // display name outweighs description
    expect(new Set(names)).toEqual(new Set(["weather", "sky-report", "stocks", "maps-pro"]));
  });

  it("matches word prefixes, several words (all must match), case- and accent-insensitively", async () => {
    expect((await search("q=WEATH")).items.map((i) => i.name)).toContain("weather");
    expect((await search("q=quotes%20markets")).items.map((i) => i.name)).toEqual(["stocks"]);
    expect((await search("q=quotes%20cities")).items).toEqual([]);
    expect((await search("q=forecásts")).items.map((i) => i.name)).toEqual(["weather"]);
  });

  it("treats FTS syntax in q as plain words (never an error)", async () => {
    for (const q of [
      '"',
      "weather OR",
      "NEAR(",
      "*",
      "a:b",
      "-weather",
      "weather^",
      "(((",
      "'; DROP TABLE connectors; --",
    ]) {
      const res = await reg.request(`/v1/connectors?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
    }
  });

  it("filters by category", async () => {
    expect((await search("q=weather&category=finance")).items.map((i) => i.name)).toEqual(["stocks"]);
    expect((await search("category=weather&sort=name")).items.map((i) => i.name)).toEqual([
      "sky-report",
      "weather",
    ]);
  });

  it("filters by publisher, alone or with words and a category; pages stay within it", async () => {
    const names = async (query: string) => (await search(query)).items.map((i) => i.name);
    expect(await names("publisher=beta&sort=name")).toEqual(["zeta-rain", "zeta-snow", "zeta-sun"]);
    expect(await names("publisher=beta&q=sun")).toEqual(["zeta-sun"]);
    expect(await names("publisher=acme&category=weather&sort=name")).toEqual(["sky-report", "weather"]);
    expect(await names("publisher=nobody")).toEqual([]);
    expect(await names("publisher=&sort=name&limit=2")).toEqual(["bulk-00", "bulk-01"]); // empty: no filter
    expect(await names("publisher=beta&category=weather")).toEqual([]);
    const first = await search("publisher=beta&sort=name&limit=2");
    const rest = await search(`publisher=beta&sort=name&limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...rest.items].map((i) => i.name)).toEqual([
      "zeta-rain",
      "zeta-snow",
      "zeta-sun",
    ]);
    expect(rest.nextCursor).toBeNull();
    // A cursor belongs to its publisher: reusing it for another publisher (or none) is refused.
    for (const other of ["publisher=acme&", ""]) {
      const res = await reg.request(`/v1/connectors?${other}sort=name&cursor=${first.nextCursor}`);
      expect(res.status, other).toBe(400);
    }
  });

  it("sorts by name, downloads and updated", async () => {
    expect((await search("sort=name&limit=3")).items.map((i) => i.name)).toEqual([
      "bulk-00",
      "bulk-01",
      "bulk-02",
    ]);
    expect((await search("sort=downloads&limit=2")).items.map((i) => [i.name, i.downloads])).toEqual([
      ["bulk-03", 3],
      ["bulk-07", 2],
    ]);
    expect((await search("sort=updated&limit=1")).items.map((i) => i.name)).toEqual(["bulk-24"]);
  });

  it.each(["name", "downloads", "updated", "relevance"])(
    "cursor pagination by %s visits every match once",
    async (sort) => {
      const q = sort === "relevance" ? "q=bulk&" : "";
      const all = (await search(`${q}sort=${sort}&limit=100`)).items.map((i) => i.name);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await search(`${q}sort=${sort}&limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.items.map((i) => i.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
    },
  );

  it("rejects bad parameters with 400 problems", async () => {
    const cases: Array<[string, string]> = [
      ["sort=popular", "query.sort.unknown"],
      ["category=cats", "query.category.unknown"],
      ["limit=0", "query.limit.invalid"],
      ["limit=101", "query.limit.invalid"],
      ["limit=1e2", "query.limit.invalid"],
      ["cursor=!!!", "query.cursor.invalid"],
      [`cursor=${Buffer.from("[1,2]").toString("base64url")}`, "query.cursor.invalid"],
      [`q=${"a".repeat(201)}`, "query.q.too-long"],
      ["publisher=Acme", "query.publisher.invalid"],
      ["publisher=-acme", "query.publisher.invalid"],
      [`publisher=${"a".repeat(65)}`, "query.publisher.invalid"],
      ["publisher=acme%27%20OR%201%3D1", "query.publisher.invalid"],
    ];
    for (const [query, code] of cases) {
      const res = await reg.request(`/v1/connectors?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    // Forged cursors with the right sort and fingerprint but hostile strings: 400, never a 500
    // (PostgreSQL refuses U+0000 in a text parameter).
    const forged = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const [sort, key] of [
      ["name", "a"],
      ["updated", "2026-01-01T00:00:00.000Z"],
      ["downloads", 1],
    ] as const) {
      for (const cursor of [forged([sort, "|", key, "a\u0000"]), forged([sort, "|", key, "Not A Name"])]) {
        const res = await reg.request(`/v1/connectors?sort=${sort}&cursor=${cursor}`);
        expect(res.status, `${sort} ${cursor}`).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe("query.cursor.invalid");
      }
    }
    const nulKey = forged(["updated", "|", "2026\u0000", "weather"]);
    expect((await reg.request(`/v1/connectors?sort=updated&cursor=${nulKey}`)).status).toBe(400);
    expect(reg.errors).toEqual([]);
    // A cursor from another query is refused rather than silently misapplied.
    const cursor = (await search("sort=name&limit=1")).nextCursor!;
    expect((await reg.request(`/v1/connectors?sort=downloads&cursor=${cursor}`)).status).toBe(400);
  });
});
