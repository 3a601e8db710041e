import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { edgeCandidates, edgesQuery } from "../../src/db/postgres/pg-description-edges.js";
import { ginQuery } from "../../src/db/postgres/pg-prefix-words.js";
import { searchTokens } from "../../src/db/postgres/search-text.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";

/** edgesQuery's parts as the tsquery they AND. */
const edges = (needle: string) =>
  edgesQuery(needle)
    ?.map((part) => part.text)
    .join(" & ");

describe("edgesQuery", () => {
  it("asks for a word ending in the first word, the middle words whole and one starting with the last", () => {
    expect(edges("weather forecast")).toBe("'~rehtaew':* & 'forecast':*");
    expect(edges("v2 stock 10k prices")).toBe("'stock' & '10k' & 'prices':*");
  });

  it("leaves out a first or last word under 4 characters, and needs two conditions", () => {
    expect(edges("k stock prices")).toBe("'stock' & 'prices':*");
    expect(edges("stock api prices")).toBe("'~kcots':* & 'api' & 'prices':*");
    expect(edges("ab x y cd")).toBe("'x' & 'y'");
    for (const needle of ["k prices", "stock api", "web stock", "web api", "ab x cd"])
      expect(edgesQuery(needle), needle).toBeUndefined();
  });

  it("takes only ASCII words with one space between: anything else is the trigram index's", () => {
    for (const needle of [
      "weather",
      "weather ",
      " weather api",
      "weather  api",
      "weather\tapi",
      "weather-api tool",
      "café api",
      "天气 api",
      "Weather api",
      "it's api",
      "a' | 'b",
    ])
      expect(edgesQuery(needle), needle).toBeUndefined();
  });
});

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

describe.skipIf(!available)("PostgreSQL", () => {
  // The edges stand for the description only if a character lower() makes an ASCII letter or digit (which
  // a needle of ASCII words can then match) is folded to that same letter by searchTokens, which made the
  // words of `search`: checked over every code point, with this server's lower().
  it("every character PostgreSQL lowers to an ASCII letter or digit is that letter in the search words", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const rows = await sql<Array<{ c: number; lower: string }>>`
        SELECT c, lower(chr(c)) AS lower FROM generate_series(1, 1114111) AS c
        WHERE (c < 55296 OR c > 57343) AND lower(chr(c)) ~ '^[a-z0-9]$'`;
      expect(rows.length).toBeGreaterThanOrEqual(36); // a–z and 0–9 at least
      const differ = rows.filter((r) => searchTokens(String.fromCodePoint(r.c)).join(" ") !== r.lower);
      expect(differ).toEqual([]);
    } finally {
      await sql.end();
    }
  });

  // The text group's words ride along with the edges' lookup: their prefixes spelled out as the words of
  // search_words they stand for (up to 16), so its planner sees a constant; the ids stop one past 1,000.
  it("looks up the edges' ids and the words spelled out in one statement", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    await (await openDatabase(database.url)).close(); // the migrations
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const many = Array.from({ length: 17 }, (_, i) => `stock${String.fromCharCode(97 + i)}`);
      await sql`INSERT INTO search_words (word) SELECT unnest(${["weather", "weathers", "forecast", ...many]}::text[])`;
      const found = await edgeCandidates(
        sql,
        edgesQuery("weath stoc forecast")!,
        ginQuery(["weath", "stoc", "forecast", "zzz"]),
      );
      expect(found).toEqual({
        ids: "{}",
        words: "( 'weather' | 'weathers' ) & 'stoc':* & 'forecast' & 'zzz':*",
      });
      expect(await edgeCandidates(sql, edgesQuery("weather forecast")!)).toEqual({
        ids: "{}",
        words: undefined,
      });
    } finally {
      await sql.end();
    }
  });
});
