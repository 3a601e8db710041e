import type { ServerSpec } from "../types.js";

/** Every MCP host Connectory can hand servers to. */
export const HOST_IDS = [
  "claude-desktop",
  "claude-code",
  "cursor",
  "vscode",
  "windsurf",
  "cline",
  "roo-code",
  "zed",
  "codex",
  "gemini-cli",
  "cherry-studio",
  "goose",
  "workbuddy",
  "qoder",
  "trae",
  "kiro",
  "lm-studio",
  "opencode",
  "warp",
  "amp",
  "junie",
] as const;
export type HostId = (typeof HOST_IDS)[number];

export type DocumentFormat = "json" | "jsonc" | "toml" | "yaml";

/** How `config export` writes a server: through `connectory run` (no secrets) or with rendered values. */
export type ExportMode = "launcher" | "inline";

/** The command a host runs to reach `connectory` (e.g. node + bin/connectory.js), plus fixed env (CONNECTORY_HOME). */
export interface Launcher {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A host entry: the JSON-like value stored under the host's server map. */
export type HostEntry = Record<string, unknown>;

/** A credential a connector template uses, for snippets: never its value. */
export interface CredentialRef {
  key: string;
  secret: boolean;
  title?: string;
  description?: string;
}

/** What a host does with one credential reference inside a value, for snippets. */
export interface SnippetContext {
  server: string;
  credentials: readonly CredentialRef[];
  /** Installed package folder for ${PLUGIN_ROOT}; absent (registry) → a placeholder. */
  pluginRoot?: string;
  /** Used for transports the host cannot speak natively. */
  launcher: Launcher;
}

/** A pasteable configuration for one host, credentials as references or placeholders. */
export interface Snippet {
  host: HostId;
  /** The fragment in the host's own document shape, e.g. `{ mcpServers: { name: entry } }`. */
  document: Record<string, unknown>;
  /** The fragment as text in the host's format (JSON, TOML or YAML). */
  text: string;
  /** One-click install link, where the host has one. */
  deeplink?: string;
  /** Credentials the user still has to supply, and how. */
  placeholders: Array<{ key: string; how: string }>;
  notes: string[];
}

/**
 * One host's knowledge, pure: where its file keeps servers, which transports it speaks, how it
 * spells an entry, and how it references an environment variable inside its config.
 */
export interface HostAdapter {
  id: HostId;
  displayName: string;
  /**
   * The config document; absent for import-only hosts (cherry-studio). `containerFor` picks the server
   * map from the file's own shape when a host has two (OpenCode V1 `mcp`, V2 `mcp.servers`).
   */
  document?: {
    format: DocumentFormat;
    container: readonly string[];
    containerFor?(data: Record<string, unknown>): readonly string[];
  };
  /** Remote transports the host speaks natively (stdio always). */
  remote: { streamableHttp: boolean; sse: boolean };
  /** False when the host ignores `cwd` on stdio servers. */
  cwd: boolean;
  /** The host's entry for one standard server it can speak. */
  toEntry(name: string, server: ServerSpec): HostEntry;
  /**
   * How a config value refers to the environment variable KEY, when the host expands any
   * (`${KEY}`, `${env:KEY}`); undefined → the host expands nothing, use a placeholder.
   */
  envReference?(key: string): string;
  /** Builds a snippet's document from entries (vscode adds inputs, codex uses env_vars …); default `{ [container]: entries }`. */
  snippet?(name: string, template: ServerSpec, ctx: SnippetContext): Snippet;
  /** One-click link for one server entry. */
  deeplink?(name: string, entry: HostEntry, document: Record<string, unknown>): string;
}
