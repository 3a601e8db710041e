import type { Language } from "../text/language.js";
import type { ImportProvenance } from "./documents.js";

/** What each import format is called in a sentence: "imported from the official MCP Registry". */
export const SOURCE_NAMES: Record<ImportProvenance["format"], string> = {
  "server-json": "the official MCP Registry",
  "claude-plugin": "a Claude Code plugin marketplace",
  mcpb: "an MCP Bundle",
  "docker-catalog": "the Docker MCP Catalog",
  "mcp-json": "an .mcp.json file",
};

/** The same names in Simplified Chinese (the web page and the CLI's text in Chinese). */
const SOURCE_NAMES_ZH: Record<ImportProvenance["format"], string> = {
  "server-json": "官方 MCP 注册表",
  "claude-plugin": "一个 Claude Code 插件市场",
  mcpb: "一个 MCP 捆绑包（MCPB）",
  "docker-catalog": "Docker MCP 目录",
  "mcp-json": "一个 .mcp.json 文件",
};

/** What an import format is called in a language; a format this version does not know, as it is written. */
export function sourceName(format: string, lang: Language = "en"): string {
  const names: Record<string, string> = lang === "zh-CN" ? SOURCE_NAMES_ZH : SOURCE_NAMES;
  return Object.hasOwn(names, format) ? names[format]! : format;
}
