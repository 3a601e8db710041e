import { describe, expect, it } from "vitest";
import { successor } from "../../src/db/postgres/pg-prefix-words.js";
import { searchParts, searchQuery, searchTokens, searchVector } from "../../src/db/postgres/search-text.js";

// The words PostgreSQL indexes are computed here, as FTS5's `unicode61 remove_diacritics 2` splits them.

describe("searchTokens", () => {
  it.each([
    ["Weather-CN", ["weather", "cn"]],
    ["Café naïve Über", ["cafe", "naive", "uber"]],
    ["user@example.com v2.1", ["user", "example", "com", "v2", "1"]],
    ["天气预报 by city", ["天气预报", "by", "city"]],
    ["o'brien \\ ; -- DROP", ["o", "brien", "drop"]],
    ["  ", []],
  ])("%j → %j", (text, words) => expect(searchTokens(text)).toEqual(words));

  it("cuts a word too long for PostgreSQL at a character boundary", () => {
    const [word] = searchTokens("é".repeat(5000));
    expect(Buffer.byteLength(word!)).toBeLessThanOrEqual(2047);
    expect(word).toBe("e".repeat(2047));
    const [wide] = searchTokens("天".repeat(1000));
    expect(Buffer.byteLength(wide!)).toBe(2046); // 682 characters of 3 bytes; no half character
  });
});

describe("searchVector", () => {
  it("weighs name A, display name B, keywords C, description D; positions run on", () => {
    expect(
      searchVector({
        name: "weather-cn",
        displayName: "Weather",
        keywords: ["china"],
        description: "City weather",
      }),
    ).toBe("'weather':1A,3B,6D 'cn':2A 'china':4C 'city':5D");
  });

  it("quotes every lexeme, so no text becomes tsvector syntax", () => {
    expect(searchVector({ name: "a", displayName: null, keywords: [], description: "" })).toBe("'a':1A");
  });
});

describe("searchQuery", () => {
  it.each([
    [["weath"], "('weath':*)"],
    [["stock", "market"], "('stock':*) & ('market':*)"],
    [["café"], "('cafe':*)"],
    [["½"], "('1' <-> '2':*)"],
    [["o'brien"], "('o' <-> 'brien':*)"],
  ])("%j → %s", (terms, query) => expect(searchQuery(terms)).toBe(query));

  it("nothing to search for: undefined", () => {
    expect(searchQuery([])).toBeUndefined();
    expect(searchQuery(["\u0301"])).toBeUndefined();
  });
});

describe("searchParts", () => {
  it("marks the parts that are one word's one lexeme as a prefix, and only those", () => {
    expect(searchParts(["stock", "½", "股"])).toEqual([
      { text: "'stock':*", prefix: "stock" },
      { text: "'1' <-> '2':*" },
      { text: "'股':*" },
    ]);
  });
});

describe("successor (the bound of a prefix's range in code point order)", () => {
  it.each([
    ["vika", "vikb"],
    ["az", "a{"],
    ["caf\u00ff", "caf\u0100"],
    ["x\ud7ff", "x\ue000"], // no surrogate is a character
    ["\u{1f600}", "\u{1f601}"],
  ])("%j → %j", (prefix, bound) => expect(successor(prefix)).toBe(bound));

  it("none above U+10FFFF: the prefix stays", () => expect(successor("a\u{10ffff}")).toBeUndefined());
});
