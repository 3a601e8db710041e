import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** How many definitions search_tools returns at most. */
export const SEARCH_LIMIT = 20;

/** The only tools a --lazy gateway lists. */
export const LAZY_TOOLS: Tool[] = [
  {
    name: "search_tools",
    description:
      "Find tools of the connected MCP servers by words of their name or description; returns up to 20 full tool definitions (name, description, inputSchema). Call a found tool with call_tool.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words that must all appear (empty: the first 20 tools)" },
      },
      required: ["query"],
    },
  },
  {
    name: "call_tool",
    description:
      "Call a tool found with search_tools, by its exact name, with arguments matching its inputSchema.",
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "The tool's name as search_tools returned it" },
        arguments: { type: "object", description: "The tool's arguments" },
      },
      required: ["name"],
    },
  },
];
