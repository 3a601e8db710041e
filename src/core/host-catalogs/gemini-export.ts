import type { HostEntry } from "../hosts/types.js";

/** The name of the extension `config export --host gemini-cli --as-extension` writes (`connectory-<profile>` for a profile). */
export function exportExtensionName(profile: string | undefined): string {
  return profile === undefined ? "connectory" : `connectory-${profile}`;
}

/**
 * The files of the Gemini CLI extension `config export --as-extension` writes: the host entries (launcher
 * or gateway: no secret, Connectory starts each server) as its `mcpServers`, and a GEMINI.md naming them.
 * `gemini extensions install <folder>` copies it; the extension's name is its folder's.
 */
export function exportExtensionFiles(input: {
  name: string;
  version: string;
  entries: Record<string, HostEntry>;
  connectors: readonly { name: string; servers: readonly string[] }[];
}): Map<string, string> {
  const manifest = {
    name: input.name,
    version: input.version,
    description:
      "MCP servers installed with Connectory, started by `connectory run` (credentials stay in Connectory)",
    mcpServers: input.entries,
    contextFileName: "GEMINI.md",
  };
  const context = [
    "# Connectory",
    "",
    "These MCP servers come from connectors installed with Connectory (`connectory list`).",
    "",
    ...input.connectors.map((c) => `- **${c.name}**: ${c.servers.join(", ")}`),
    "",
  ].join("\n");
  return new Map([
    ["gemini-extension.json", JSON.stringify(manifest, null, 2) + "\n"],
    ["GEMINI.md", context],
  ]);
}
