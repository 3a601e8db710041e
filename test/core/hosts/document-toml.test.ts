import { describe, expect, it } from "vitest";
import { parseToml } from "../../../src/core/hosts/document-toml.js";

describe("parseToml", () => {
  it("reads a valid file", () => {
    expect(parseToml('model = "o3"\n[mcp_servers.a]\ncommand = "x"\n')).toEqual({
      data: { model: "o3", mcp_servers: { a: { command: "x" } } },
    });
  });

  // A user opens the file at the line we name: it must be the line of the mistake, not the next one.
  it.each([
    ["an unterminated string on line 1", 'model = "o3\n', 1, 12],
    ["a doubled = on line 2", "a = 1\nb = = 2\n", 2, 5],
    ["a key without a value on line 3", "a = 1\n\nb =\n", 3],
  ])("names the line and column of %s", (_label, text, line, column?: number) => {
    const result = parseToml(text);
    expect(result).toHaveProperty("failure");
    if (!("failure" in result)) return;
    expect(result.failure.line).toBe(line);
    if (column !== undefined) expect(result.failure.column).toBe(column);
    expect(result.failure.message).not.toContain("\n");
  });

  // Codex keeps env values inline: a token typed without quotes must not be echoed back in the error.
  it.each([
    ["an unquoted token", "[mcp_servers.a]\nenv = { KEY = ghp_canary1 }\n", "Invalid integer"],
    ["a token that looks like a float", "a = 1e5ghp_canary2\n", "Invalid"],
    ["a token that looks like a date", "a = 2024-01-01ghp_canary3\n", "Invalid"],
  ])("never quotes the text of %s", (_label, text, kind) => {
    const result = parseToml(text);
    if (!("failure" in result)) throw new Error("expected a failure");
    expect(result.failure.message).toContain(kind);
    expect(result.failure.message).not.toContain("canary");
  });
});
