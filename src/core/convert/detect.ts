import { refuse, type Refusal, type SourceFormat } from "./types.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;

/** The formats `connectory convert` reads from one file: the converters' formats plus a marketplace catalog. */
export type FileFormat = SourceFormat | "claude-marketplace";

/**
 * Which format a file holds, from its name and parsed content (YAML files are Docker catalog entries and are
 * not parsed here). A refusal names the formats it knows.
 */
export function detectFormat(fileName: string, parsed: unknown): FileFormat | Refusal {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (/\.ya?ml$/i.test(base)) return "docker-catalog";
  if (isObject(parsed)) {
    if (Array.isArray(parsed["plugins"])) return "claude-marketplace";
    if (
      typeof parsed["manifest_version"] === "string" ||
      (isObject(parsed["server"]) && isObject(parsed["server"]["mcp_config"]))
    )
      return "mcpb";
    if (isObject(parsed["server"]) && typeof parsed["server"]["name"] === "string") return "server-json";
    if (
      typeof parsed["name"] === "string" &&
      (Array.isArray(parsed["packages"]) ||
        Array.isArray(parsed["remotes"]) ||
        String(parsed["$schema"] ?? "").includes("server.schema"))
    )
      return "server-json";
    if (isObject(parsed["mcpServers"])) return "mcp-json";
    const values = Object.values(parsed);
    if (
      values.length > 0 &&
      values.every((v) => isObject(v) && (typeof v["command"] === "string" || typeof v["url"] === "string"))
    )
      return "mcp-json";
  }
  return refuse(
    "convert.refused.format-unknown",
    `${base} is not a format convert reads: server.json (official MCP Registry), manifest.json (MCP Bundle), marketplace.json#<plugin> (Claude Code), .mcp.json, or server.yaml (Docker MCP catalog)`,
  );
}
