import { describe, expect, it } from "vitest";
import { addPatterns, checkPatterns, globMatch, judgeTool } from "../../../src/core/tools/tool-rules.js";

describe("tool rules", () => {
  it.each([
    ["search", "search", true],
    ["search", "search_all", false],
    ["delete_*", "delete_note", true],
    ["delete_*", "undelete_note", false],
    ["get_?", "get_a", true],
    ["get_?", "get_ab", false],
    ["a.b", "axb", false], // a dot is a dot, not a regex
    ["(x)+", "(x)+", true],
    ["*", "", true],
  ])("glob %j against %j is %s", (pattern, name, expected) => {
    expect(globMatch(pattern, name)).toBe(expected);
  });

  it("hides a denied tool, a tool outside a non-empty allow list, and lets deny win", () => {
    expect(judgeTool("notes", undefined, "x")).toEqual({ visible: true });
    expect(judgeTool("notes", { deny: ["del*"] }, "delete")).toEqual({
      visible: false,
      rule: 'deny "del*" of notes',
    });
    expect(judgeTool("notes", { allow: ["search", "list"] }, "delete")).toEqual({
      visible: false,
      rule: 'not in the allow list of notes ("search", "list")',
    });
    expect(judgeTool("notes", { allow: ["*"], deny: ["delete"] }, "delete").visible).toBe(false);
    expect(judgeTool("notes", { allow: ["s*"] }, "search")).toEqual({ visible: true });
  });

  it("adds patterns once, in order, and takes them off the other list", () => {
    expect(addPatterns(undefined, "deny", ["a", "b", "a"])).toEqual({ deny: ["a", "b"] });
    expect(addPatterns({ deny: ["a", "b"] }, "allow", ["a"])).toEqual({ allow: ["a"], deny: ["b"] });
    expect(addPatterns({ allow: ["a"] }, "deny", ["a"])).toEqual({ deny: ["a"] });
  });

  it.each([[""], ["x".repeat(201)], ["a\nb"], ["\u0007"]])("refuses the pattern %j", (p) => {
    expect(() => checkPatterns([p])).toThrow(expect.objectContaining({ code: "tools.pattern.invalid" }));
  });

  it("refuses more than 500 patterns at once", () => {
    expect(() => checkPatterns(Array.from({ length: 501 }, (_, i) => `t${i}`))).toThrow(/more than 500/);
  });
});
