import { describe, expect, it } from "vitest";
import { convertTool, parameterSchema, toolDescription } from "../../../src/core/tools/convert.js";
import type { McpTool } from "../../../src/core/tools/types.js";

const tool: McpTool = {
  name: "get_weather",
  title: "Weather",
  description: "Current weather",
  inputSchema: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { city: { type: "string", description: "City name", enum: ["Paris", "Oslo"] } },
    required: ["city"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};
const params = {
  type: "object",
  properties: { city: { type: "string", description: "City name", enum: ["Paris", "Oslo"] } },
  required: ["city"],
  additionalProperties: false,
};

describe("convertTool", () => {
  it("gives the OpenAI function shape", () => {
    expect(convertTool(tool, "weather__get_weather", "openai")).toEqual({
      type: "function",
      function: { name: "weather__get_weather", description: "Current weather", parameters: params },
    });
  });

  it("gives the Anthropic tool shape", () => {
    expect(convertTool(tool, "weather__get_weather", "anthropic")).toEqual({
      name: "weather__get_weather",
      description: "Current weather",
      input_schema: params,
    });
  });

  it("keeps the MCP tool whole, renamed", () => {
    expect(convertTool(tool, "weather__get_weather", "mcp")).toEqual({
      ...tool,
      name: "weather__get_weather",
    });
  });

  it("does not modify the tool it converts", () => {
    const copy = structuredClone(tool);
    convertTool(tool, "n", "openai");
    expect(tool).toEqual(copy);
  });
});

describe("parameterSchema", () => {
  it.each([
    [undefined, { type: "object", properties: {} }],
    [{}, { type: "object", properties: {} }],
    [{ type: "object" as const }, { type: "object", properties: {} }],
    [
      { type: "object" as const, properties: [] as unknown as Record<string, unknown> },
      { type: "object", properties: {} },
    ],
    [
      { $id: "x", type: "object" as const, properties: { a: {} } },
      { type: "object", properties: { a: {} } },
    ],
  ])("%j → %j", (input, output) => {
    expect(parameterSchema(input)).toEqual(output);
  });
});

describe("toolDescription", () => {
  it("falls back to the title, then the name", () => {
    expect(toolDescription({ name: "n", title: "T", inputSchema: {} })).toBe("T");
    expect(toolDescription({ name: "n", inputSchema: {} })).toBe("n");
  });
});
