import type { VersionContent } from "../api/documents.js";
import { isObject } from "../json-guards.js";
import type { PackageFiles, PluginManifest } from "../types.js";
import { codexServers, extensionServers, pluginServers } from "./plugin-servers.js";
import { codexMarketplaceName } from "./install-command.js";
import { geminiSettingsOf, userConfigOf } from "./user-config.js";

// One version of a connector as every host's own plugin format, in one npm-shaped package (the registry
// serves it at /npm/<name>, src/registry/host-catalogs/host-packages.ts). The connector's own files stay
// as they are (plugin.json, mcp.json, token-schema.json, skills/, code), so reading the package back
// (src/core/convert/from-host-package.ts) gives the very connector; the hosts' manifests sit beside them:
//   .claude-plugin/plugin.json + .mcp.json   Claude Code (userConfig from token-schema.json)
//   .codex-plugin/plugin.json + mcp.json     Codex (`${PLUGIN_ROOT}`, credentials from the environment)
//   .cursor-plugin/plugin.json               Cursor (same .mcp.json and skills/)
//   gemini-extension.json + GEMINI.md        Gemini CLI (settings[] from token-schema.json)
//   .agents/plugins/marketplace.json         a one-plugin Codex marketplace (`codex plugin marketplace add <folder>`)
//   package.json                             npm (name and version of the connector)

/** The files a host package adds to the connector's own; a connector file at one of these paths is replaced. */
export const HOST_PACKAGE_FILES = [
  "package.json",
  ".claude-plugin/plugin.json",
  ".codex-plugin/plugin.json",
  ".codex-plugin/mcp.json",
  ".cursor-plugin/plugin.json",
  ".mcp.json",
  "gemini-extension.json",
  "GEMINI.md",
  ".agents/plugins/marketplace.json",
] as const;

/** Where a host package keeps the connector's own package.json (package.json is npm's, rewritten). */
export const OWN_PACKAGE_JSON = ".connectory/package.json";

/** What a host package is built from: the version's declared content and its package files. */
export interface HostPackageInput {
  name: string;
  content: Pick<VersionContent, "manifest" | "mcp" | "tokenSchema" | "skills">;
  files: PackageFiles;
  /** The connector's page, for `homepage` when the package names none. */
  pageUrl: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const json = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value, null, 2) + "\n");

/** The common manifest fields every host's plugin.json takes. */
function common(name: string, manifest: PluginManifest, pageUrl: string): Record<string, unknown> {
  return {
    name,
    version: manifest.version,
    description: manifest.description,
    author: { name: manifest.publisher },
    homepage: manifest.homepage ?? pageUrl,
    ...(manifest.repository ? { repository: manifest.repository } : {}),
    ...(manifest.license ? { license: manifest.license } : {}),
    keywords: [...new Set([...(manifest.keywords ?? []), ...(manifest.categories ?? [])])],
  };
}

/** The files of one version as a host package (the connector's files plus every host's manifest). */
export function hostPackageFiles(input: HostPackageInput): PackageFiles {
  const { name, content, files, pageUrl } = input;
  const manifest = content.manifest;
  const base = common(name, manifest, pageUrl);
  const userConfig = userConfigOf(content.tokenSchema);
  const hasConfig = Object.keys(userConfig).length > 0;
  const out: PackageFiles = new Map(files);
  // A version that declares permissions: its stdio servers launch in that sandbox where connectory is.
  const servers = { sandboxed: manifest.permissions !== undefined, tokenSchema: content.tokenSchema };
  const own = files.get("package.json");
  if (own) out.set(OWN_PACKAGE_JSON, own);
  out.set("package.json", json(npmManifest(name, manifest, files.get("package.json"), base)));
  out.set(".claude-plugin/plugin.json", json({ ...base, ...(hasConfig ? { userConfig } : {}) }));
  out.set(".mcp.json", json({ mcpServers: pluginServers(content.mcp.mcpServers, servers) }));
  out.set(
    ".codex-plugin/plugin.json",
    json({
      ...base,
      ...(content.skills.length > 0 ? { skills: "./skills/" } : {}),
      mcpServers: "./.codex-plugin/mcp.json",
      interface: {
        displayName: manifest.displayName ?? name,
        shortDescription: manifest.description,
        developerName: manifest.publisher,
        category: manifest.categories?.[0] ?? "other",
      },
    }),
  );
  out.set(".codex-plugin/mcp.json", json({ mcpServers: codexServers(content.mcp.mcpServers, servers) }));
  out.set(
    ".cursor-plugin/plugin.json",
    json({ ...base, displayName: manifest.displayName ?? name, mcpServers: ".mcp.json" }),
  );
  const settings = geminiSettingsOf(content.tokenSchema);
  out.set(
    "gemini-extension.json",
    json({
      name,
      version: manifest.version,
      description: manifest.description,
      mcpServers: extensionServers(content.mcp.mcpServers, servers),
      contextFileName: "GEMINI.md",
      ...(settings.length > 0 ? { settings } : {}),
    }),
  );
  out.set("GEMINI.md", encoder.encode(contextFile(name, content, files)));
  out.set(
    ".agents/plugins/marketplace.json",
    json({
      name: codexMarketplaceName(name),
      interface: { displayName: manifest.displayName ?? name },
      plugins: [
        {
          name,
          source: { source: "local", path: "./" },
          policy: { installation: "AVAILABLE", authentication: "ON_INSTALL" },
          category: manifest.categories?.[0] ?? "other",
        },
      ],
    }),
  );
  return out;
}

/**
 * package.json: the connector's own when it has one (a bundled Node server may need its `type` or
 * `dependencies`), with npm's identity set to the connector's; `scripts` are dropped, as nothing of
 * this package is meant to run at install.
 */
function npmManifest(
  name: string,
  manifest: PluginManifest,
  own: Uint8Array | undefined,
  base: Record<string, unknown>,
): Record<string, unknown> {
  let existing: Record<string, unknown> = {};
  if (own) {
    try {
      const parsed: unknown = JSON.parse(decoder.decode(own));
      if (isObject(parsed)) existing = parsed;
    } catch {
      // a package.json that does not parse is replaced
    }
  }
  const { scripts: _scripts, ...kept } = existing;
  return { ...kept, ...base, name, version: manifest.version };
}

/** GEMINI.md: what the connector is, and each skill's instructions (Gemini CLI loads it as context). */
function contextFile(name: string, content: HostPackageInput["content"], files: PackageFiles): string {
  const lines = [`# ${content.manifest.displayName ?? name}`, "", content.manifest.description, ""];
  for (const skill of content.skills) {
    const bytes = files.get(skill.path);
    const text = bytes ? decoder.decode(bytes).replace(/^---[\s\S]*?\n---[ \t]*\r?\n/, "") : "";
    lines.push(`## Skill: ${skill.name}`, "", skill.description, "", text.trim(), "");
  }
  return lines.join("\n");
}
