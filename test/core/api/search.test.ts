import { describe, expect, it } from "vitest";
import { effectiveSort, offeredSorts, searchWords, SORT_KEYS } from "../../../src/core/api/search.js";

describe("search rules", () => {
  it.each([
    ["", []],
    ["Weather CN", ["weather", "cn"]],
    ['tush* OR "x" -y', ["tush", "or", "x", "y"]],
    ["ＷＥＡＴＨＥＲ", ["weather"]],
    ["!!! --", []],
  ])("searchWords(%j) = %j", (q, words) => {
    expect(searchWords(q)).toEqual(words);
  });

  it("keeps at most 16 words", () => {
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(16);
  });

  it.each([
    [undefined, [], "downloads"],
    ["relevance", [], "downloads"],
    ["name", [], "name"],
    [undefined, ["a"], "relevance"],
    ["relevance", ["a"], "relevance"],
    ["updated", ["a"], "updated"],
  ] as const)("effectiveSort(%s, %j) = %s", (asked, words, sort) => {
    expect(effectiveSort(asked, words)).toBe(sort);
  });

  it("offers relevance only with words", () => {
    expect(offeredSorts([])).toEqual(["downloads", "updated", "name", "quality"]);
    expect(offeredSorts(["a"])).toEqual([...SORT_KEYS]);
  });
});
