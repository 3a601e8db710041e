import { describe, expect, it } from "vitest";
import { describeSyntaxError, readJson } from "../../../src/core/package/json-file.js";
import type { Problem } from "../../../src/core/types.js";
import { bytes } from "./fixtures.js";

const syntax = (text: string): string => {
  try {
    JSON.parse(text);
  } catch (e) {
    return describeSyntaxError(text, e);
  }
  throw new Error("parsed");
};

describe("JSON files", () => {
  it.each([
    ['{\n  "a": 1,\n}', /line 3, column 1$/],
    ['{"a" 1}', /line 1, column 6$/],
    ["", /end of input at line 1, column 1$/],
    ['{"a": 1}\n\nx', /line 3, column 1$/],
    ['{\n  "a": [1, 2\n', /line 3, column 1$/],
  ])("names the line and column of a syntax error in %j", (text, expected) => {
    expect(syntax(text)).toMatch(expected);
  });

  it("reads a file with a BOM", () => {
    const problems: Problem[] = [];
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')]);
    expect(readJson(new Map([["x.json", withBom]]), "x.json", "x", true, problems)).toEqual({
      found: true,
      value: { a: 1 },
    });
    expect(problems).toEqual([]);
  });

  it("reports nothing for a missing optional file", () => {
    const problems: Problem[] = [];
    expect(readJson(new Map(), "x.json", "x", false, problems)).toEqual({ found: false });
    expect(problems).toEqual([]);
  });
});
