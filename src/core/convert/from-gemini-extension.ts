import { parseForeignJson } from "../json-depth.js";
import { isObject } from "../json-guards.js";
import type { PackageFiles } from "../types.js";
import { fromClaudePlugin } from "./from-claude-plugin.js";
import { fromHostPackage } from "./from-host-package.js";
import { refuse, type Conversion, type ConvertOptions } from "./types.js";

type Json = Record<string, unknown>;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * A Gemini CLI extension folder (`gemini-extension.json`) → connector. One Connectory made (a host
 * package) comes back as it was; any other is read as the Claude Code plugin it amounts to: its
 * `mcpServers` (`httpUrl` streamable HTTP, `url` SSE, `${extensionPath}` the package root), its
 * `settings[]` as credentials (`envVar` the key, `sensitive` a secret), its skills.
 */
export function fromGeminiExtension(files: PackageFiles, options: ConvertOptions = {}): Conversion {
  const own = fromHostPackage(files);
  if (own) return own;
  let manifest: unknown;
  try {
    manifest = parseForeignJson(decoder.decode(files.get("gemini-extension.json") ?? new Uint8Array()));
  } catch (error) {
    return refuse(
      "convert.refused.not-json",
      `gemini-extension.json is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (!isObject(manifest) || typeof manifest["name"] !== "string")
    return refuse("convert.refused.shape", "gemini-extension.json needs a name");
  const settings = Array.isArray(manifest["settings"]) ? manifest["settings"].filter(isObject) : [];
  const userConfig: Json = {};
  for (const s of settings)
    if (typeof s["envVar"] === "string")
      userConfig[s["envVar"]] = {
        type: "string",
        title: typeof s["name"] === "string" ? s["name"] : s["envVar"],
        ...(typeof s["description"] === "string" ? { description: s["description"] } : {}),
        sensitive: s["sensitive"] === true,
      };
  // A setting's variable is the extension's credential: as Claude Code would say it, `${user_config.KEY}`.
  const fill = (text: string) =>
    text
      .replace(/\$\{extensionPath\}/g, "${CLAUDE_PLUGIN_ROOT}")
      .replace(/\$\{\/\}/g, "/")
      .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, key: string) =>
        key in userConfig ? `\${user_config.${key}}` : whole,
      );
  const servers: Json = {};
  for (const [name, raw] of Object.entries(isObject(manifest["mcpServers"]) ? manifest["mcpServers"] : {})) {
    if (!isObject(raw)) continue;
    const { httpUrl, url, ...rest } = raw;
    const entry: Json =
      typeof httpUrl === "string"
        ? { ...rest, type: "http", url: httpUrl }
        : typeof url === "string"
          ? { ...rest, type: "sse", url }
          : { ...rest };
    delete entry["trust"];
    servers[name] = JSON.parse(fill(JSON.stringify(entry))) as Json;
  }
  const plugin: PackageFiles = new Map([...files].filter(([path]) => path !== "gemini-extension.json"));
  plugin.set(
    ".claude-plugin/plugin.json",
    encoder.encode(
      JSON.stringify({
        name: manifest["name"],
        ...(typeof manifest["version"] === "string" ? { version: manifest["version"] } : {}),
        ...(typeof manifest["description"] === "string" ? { description: manifest["description"] } : {}),
        userConfig,
      }),
    ),
  );
  plugin.set(".mcp.json", encoder.encode(JSON.stringify({ mcpServers: servers })));
  return fromClaudePlugin(plugin, undefined, options);
}
