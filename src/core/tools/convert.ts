import type { JsonSchemaObject, McpTool } from "./types.js";
import { isObject } from "../json-guards.js";

export const TOOL_FORMATS = ["openai", "anthropic", "mcp"] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** OpenAI Chat Completions / Responses function tool. */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchemaObject };
}

/** Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchemaObject;
}

/** The MCP tool itself, renamed to its function name so all formats share one namespace. */
export type RenamedMcpTool = McpTool;

export type ConvertedTool = OpenAiTool | AnthropicTool | RenamedMcpTool;

/** Converts one MCP tool to a provider's function-calling shape under the given (already unique) name. */
export function convertTool(tool: McpTool, name: string, format: ToolFormat): ConvertedTool {
  switch (format) {
    case "openai":
      return {
        type: "function",
        function: { name, description: toolDescription(tool), parameters: parameterSchema(tool.inputSchema) },
      };
    case "anthropic":
      return { name, description: toolDescription(tool), input_schema: parameterSchema(tool.inputSchema) };
    case "mcp":
      return { ...tool, name };
  }
}

/** The description an LLM sees: the tool's description, else its title, else its name. */
export function toolDescription(tool: McpTool): string {
  return tool.description ?? tool.title ?? tool.name;
}

/**
 * The root of a parameter schema as providers accept it: always `type: "object"` with `properties`
 * (OpenAI rejects a bare `{}`); `$schema` and `$id` dropped at the root, since providers treat the
 * schema as a fragment. Everything else, nested descriptions included, is passed through unchanged.
 */
export function parameterSchema(schema: JsonSchemaObject | undefined): JsonSchemaObject {
  const { $schema: _schema, $id: _id, ...rest } = schema ?? {};
  void _schema;
  void _id;
  return { ...rest, type: "object", properties: isObject(rest.properties) ? rest.properties : {} };
}
