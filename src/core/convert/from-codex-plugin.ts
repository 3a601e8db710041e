import { parseForeignJson } from "../json-depth.js";
import { isObject } from "../json-guards.js";
import type { PackageFiles } from "../types.js";
import { fromClaudePlugin } from "./from-claude-plugin.js";
import { refuse, type Conversion, type ConvertOptions } from "./types.js";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function json(files: PackageFiles, path: string): unknown {
  const bytes = files.get(path);
  if (!bytes) return undefined;
  try {
    return parseForeignJson(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * A Codex plugin folder (`.codex-plugin/plugin.json`, no Claude Code manifest) → connector: read as the Claude
 * Code plugin it amounts to. Its `mcpServers` (a `./` path to an MCP file, or the servers themselves) become
 * `.mcp.json`; `${PLUGIN_ROOT}` is the package root for both hosts. A folder that also has a Claude Code
 * manifest (or is a Connectory host package) is read by fromClaudePlugin as it is.
 */
export function fromCodexPlugin(files: PackageFiles, options: ConvertOptions = {}): Conversion {
  if (files.has(".claude-plugin/plugin.json")) return fromClaudePlugin(files, undefined, options);
  const manifest = json(files, ".codex-plugin/plugin.json");
  if (!isObject(manifest))
    return refuse("convert.refused.not-json", ".codex-plugin/plugin.json is not a JSON object");
  const servers = manifest["mcpServers"];
  const mcp =
    typeof servers === "string"
      ? json(files, servers.replace(/^\.\//, ""))
      : isObject(servers)
        ? { mcpServers: servers }
        : undefined;
  const plugin: PackageFiles = new Map(files);
  const { mcpServers: _servers, interface: _interface, skills: _skills, ...fields } = manifest;
  plugin.set(".claude-plugin/plugin.json", encoder.encode(JSON.stringify(fields)));
  if (mcp !== undefined) plugin.set(".mcp.json", encoder.encode(JSON.stringify(mcp)));
  for (const path of [...plugin.keys()]) if (path.startsWith(".codex-plugin/")) plugin.delete(path);
  return fromClaudePlugin(plugin, undefined, options);
}
