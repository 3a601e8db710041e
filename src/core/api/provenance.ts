import type { ImportProvenance } from "./documents.js";

/** What each import format is called in a sentence: "imported from the official MCP Registry". */
export const SOURCE_NAMES: Record<ImportProvenance["format"], string> = {
  "server-json": "the official MCP Registry",
  "claude-plugin": "a Claude Code plugin marketplace",
  mcpb: "an MCP Bundle",
  "docker-catalog": "the Docker MCP Catalog",
  "mcp-json": "an .mcp.json file",
};
