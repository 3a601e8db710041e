import { parseTemplate, PLUGIN_ROOT } from "../templates.js";
import type { PluginManifest, StdioServer, TokenSchema } from "../types.js";
import { isBundled } from "./launch.js";

// The manifest.json of an MCP Bundle (.mcpb, MCPB spec manifest_version 0.3) for one bundled server of a
// connector version: Claude Desktop installs it by opening the file; server.json lists it as an `mcpb`
// package. Templates translate: ${PLUGIN_ROOT} → ${__dirname}, ${KEY} → ${user_config.KEY}.

export const MCPB_MANIFEST_VERSION = "0.3";

export interface McpbUserConfig {
  type: "string" | "number" | "boolean";
  title: string;
  description: string;
  required?: boolean;
  default?: string | number | boolean;
  sensitive?: boolean;
  min?: number;
  max?: number;
}

export interface McpbManifest {
  manifest_version: string;
  name: string;
  display_name?: string;
  version: string;
  description: string;
  author: { name: string };
  homepage?: string;
  repository?: { type: "git"; url: string };
  license?: string;
  keywords?: string[];
  server: {
    type: "node" | "python" | "binary";
    entry_point: string;
    mcp_config: { command: string; args: string[]; env?: Record<string, string> };
  };
  user_config?: Record<string, McpbUserConfig>;
  tools?: Array<{ name: string; description?: string }>;
  compatibility: { platforms: string[]; runtimes?: Record<string, string> };
}

const ROOT = `\${${PLUGIN_ROOT}}`;

/** The bundle manifest of a bundled server; undefined for a server that is not bundled. */
export function mcpbManifest(input: {
  manifest: PluginManifest;
  server: StdioServer;
  serverKey: string;
  servers: number;
  tokenSchema?: TokenSchema;
  tools?: Array<{ name: string; description?: string }>;
}): McpbManifest | undefined {
  const { manifest: m, server } = input;
  if (!isBundled(server)) return undefined;
  const args = server.args ?? [];
  const type = runtimeOf(server.command);
  const entry = type === "binary" ? server.command : (args.find((a) => a.startsWith(ROOT)) ?? server.command);
  const used = new Set<string>();
  const render = (text: string) => translate(text, used);
  const env = Object.fromEntries(Object.entries(server.env ?? {}).map(([k, v]) => [k, render(v)]));
  const mcpConfig = {
    command: render(server.command),
    args: args.map(render),
    ...(Object.keys(env).length > 0 ? { env } : {}),
  };
  const userConfig = userConfigOf(input.tokenSchema, used);
  const many = input.servers > 1;
  return {
    manifest_version: MCPB_MANIFEST_VERSION,
    name: many ? `${m.name}-${input.serverKey}` : m.name,
    ...(m.displayName !== undefined
      ? { display_name: many ? `${m.displayName} · ${input.serverKey}` : m.displayName }
      : {}),
    version: m.version,
    description: m.description,
    author: { name: m.publisher },
    ...(m.homepage !== undefined ? { homepage: m.homepage } : {}),
    ...(m.repository !== undefined ? { repository: { type: "git" as const, url: m.repository } } : {}),
    ...(m.license !== undefined ? { license: m.license } : {}),
    ...(m.keywords !== undefined ? { keywords: m.keywords } : {}),
    server: {
      type,
      entry_point: entry.startsWith(ROOT) ? entry.slice(ROOT.length).replace(/^\/+/, "") : entry,
      mcp_config: mcpConfig,
    },
    ...(userConfig ? { user_config: userConfig } : {}),
    ...(input.tools && input.tools.length > 0 ? { tools: input.tools } : {}),
    compatibility: {
      platforms: ["darwin", "linux", "win32"],
      ...(type === "node" ? { runtimes: { node: ">=18.0.0" } } : {}),
      ...(type === "python" ? { runtimes: { python: ">=3.10" } } : {}),
    },
  };
}

function runtimeOf(command: string): McpbManifest["server"]["type"] {
  if (command === "node") return "node";
  if (command === "python" || command === "python3") return "python";
  return "binary";
}

function translate(text: string, used: Set<string>): string {
  const parsed = parseTemplate(text);
  if (!("parts" in parsed)) return text; // validated packages have none; keep it literal rather than guess
  return parsed.parts
    .map((p) => {
      if ("text" in p) return p.text;
      if (p.key === PLUGIN_ROOT) return "${__dirname}";
      used.add(p.key);
      return `\${user_config.${p.key}}`;
    })
    .join("");
}

/** token-schema properties the server uses → user_config (pattern and enum are not expressible; enum goes in words). */
function userConfigOf(
  schema: TokenSchema | undefined,
  used: Set<string>,
): Record<string, McpbUserConfig> | undefined {
  if (!schema || used.size === 0) return undefined;
  const out: Record<string, McpbUserConfig> = {};
  for (const key of [...used].sort()) {
    const p = schema.properties[key];
    if (!p) continue;
    const choices = p.enum ? ` One of: ${p.enum.map(String).join(", ")}.` : "";
    out[key] = {
      type: p.type === "integer" ? "number" : p.type,
      title: p.title ?? key,
      description: `${p.description ?? p.title ?? key}${choices}`,
      ...(schema.required?.includes(key) ? { required: true } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(p.secret === true ? { sensitive: true } : {}),
      ...(p.minimum !== undefined ? { min: p.minimum } : {}),
      ...(p.maximum !== undefined ? { max: p.maximum } : {}),
    };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
