import { describe, expect, it } from "vitest";
import { parseYaml } from "../../../src/core/hosts/document-yaml.js";

describe("parseYaml", () => {
  it("reads a valid file", () => {
    expect(parseYaml("extensions:\n  a:\n    cmd: x\n")).toEqual({
      data: { extensions: { a: { cmd: "x" } } },
    });
  });

  it.each([
    ["misaligned mapping", "extensions:\n  - a\n b: [\n", 3],
    ["a duplicate key", "a: 1\na: 2\n", 2],
  ])("names the line of %s once, in its position, not in the message", (_label, text, line) => {
    const result = parseYaml(text);
    expect(result).toHaveProperty("failure");
    if (!("failure" in result)) return;
    expect(result.failure.line).toBe(line);
    expect(result.failure.message).not.toMatch(/line \d+|column \d+|:$|\n/);
    expect(result.failure.message.length).toBeGreaterThan(5);
  });
});
