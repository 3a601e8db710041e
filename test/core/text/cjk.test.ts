import { describe, expect, it } from "vitest";
import { cjkGrams, hasCjk, splitTerm } from "../../../src/core/text/cjk.js";
import { searchExtra } from "../../../src/core/api/search-extra.js";

describe("cjkGrams", () => {
  it.each([
    ["知识星球", ["知识", "识星", "星球", "球"]],
    ["股", ["股"]],
    ["A股数据 and 行情", ["股数", "数据", "据", "行情", "情"]],
    ["weather only", []],
    ["カタカナ 한국어", ["カタ", "タカ", "カナ", "ナ", "한국", "국어", "어"]],
    // NFKC: a compatibility ideograph (U+F900 block) is its unified character
    ["\uF90A", ["金"]],
  ])("%s", (text, grams) => {
    expect(cjkGrams(text)).toEqual(grams);
  });
});

describe("splitTerm", () => {
  it.each([
    ["github", { words: ["github"], runs: [] }],
    ["星球", { words: [], runs: [{ grams: ["星球"], prefix: false }] }],
    ["知识星球", { words: [], runs: [{ grams: ["知识", "识星", "星球"], prefix: false }] }],
    ["股", { words: [], runs: [{ grams: ["股"], prefix: true }] }],
    ["a股", { words: ["a"], runs: [{ grams: ["股"], prefix: true }] }],
    [
      "知识-星球",
      {
        words: [],
        runs: [
          { grams: ["知识"], prefix: false },
          { grams: ["星球"], prefix: false },
        ],
      },
    ],
  ])("%s", (term, split) => {
    expect(splitTerm(term)).toEqual(split);
  });

  it("tells CJK text apart", () => {
    expect(hasCjk("tushare 股票")).toBe(true);
    expect(hasCjk("tushare café")).toBe(false);
  });
});

describe("searchExtra", () => {
  it("holds the translations and the grams of every field, English ones included", () => {
    const extra = searchExtra({
      name: "tdx",
      displayName: "通达信 TDX",
      description: "Quotes",
      keywords: ["行情"],
      i18n: { "zh-CN": { description: "股票行情" }, fr: { displayName: "Cotations" } },
    });
    expect(extra.split(" ")).toEqual([
      "股票行情",
      "Cotations",
      ...["通达", "达信", "信"],
      ...["行情", "情"],
      ...["股票", "票行", "行情", "情"],
    ]);
  });

  it("is empty for a connector with neither translations nor CJK text", () => {
    expect(searchExtra({ name: "x", displayName: null, description: "d", keywords: [] })).toBe("");
  });
});
