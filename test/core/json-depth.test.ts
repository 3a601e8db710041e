import { describe, expect, it } from "vitest";
import {
  JsonDepthError,
  MAX_JSON_DEPTH,
  jsonDepth,
  parseForeignJson,
  valueDepth,
} from "../../src/core/json-depth.js";
import { fromServerJson } from "../../src/core/convert/from-server-json.js";
import { validatePackage } from "../../src/core/package/validate-package.js";

// Issue 31 #19: one depth limit for every JSON file Connectory did not write.

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("jsonDepth", () => {
  it.each([
    ["1", 0],
    ["[]", 1],
    ['{"a":[{"b":{}}]}', 4],
    ['["[[[[", "\\\\", "\\"[[["]', 1], // brackets inside strings, escaped quotes and backslashes
    [nested(70), 70],
  ])("%s → %i", (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  it("stops counting at the cap", () => {
    expect(jsonDepth(nested(1000), 65)).toBe(65);
  });
});

describe("parseForeignJson", () => {
  it("reads ordinary JSON (a BOM dropped) and nesting up to the limit", () => {
    expect(parseForeignJson('\ufeff{"a":[1]}')).toEqual({ a: [1] });
    expect(() => parseForeignJson(nested(MAX_JSON_DEPTH))).not.toThrow();
  });

  it("refuses 200,000 levels with an error that says so, as a SyntaxError", () => {
    const error = (() => {
      try {
        parseForeignJson(nested(200_000));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(JsonDepthError);
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toMatch(/more than 64 levels deep/);
  });
});

describe("readers of foreign JSON", () => {
  it("fromServerJson refuses a 200,000-deep value instead of overflowing the stack", () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(valueDepth(deep, 100)).toBe(100);
    const result = fromServerJson({ name: "io.github.x/deep", version: "1.0.0", packages: deep });
    expect(result).toMatchObject({ ok: false, code: "convert.refused.too-deep" });
  });

  it("the package validator reports a 200,000-deep plugin.json as invalid JSON", () => {
    const files = new Map([["plugin.json", new TextEncoder().encode(`{"name":"x","a":${nested(200_000)}}`)]]);
    const report = validatePackage(files);
    expect(report.problems.map((p) => p.code)).toContain("manifest.json.invalid");
    expect(report.problems.find((p) => p.code === "manifest.json.invalid")?.message).toMatch(/64 levels/);
  });
});
