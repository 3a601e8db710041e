import type { ServerSpec } from "../types.js";
import type { HostId } from "./index.js";

/**
 * Where a host's config file path starts: `home` the user's home folder; `config` $XDG_CONFIG_HOME, else
 * ~/.config (on every OS); `app` the OS's per-app folder of Electron apps (%APPDATA% on Windows,
 * ~/Library/Application Support on macOS, `config` elsewhere); `appData` / `localAppData` %APPDATA% /
 * %LOCALAPPDATA% (else their usual place under the home folder); `{ env, else }` the folder an environment
 * variable names, else a path.
 */
export type PathBase =
  "home" | "config" | "app" | "appData" | "localAppData" | { env: string; else: HostPath };

/** A path as data: where it starts, then the segments below it (e.g. `["home", ".cursor", "mcp.json"]`). */
export type HostPath = readonly [PathBase, ...string[]];

/** Where a host keeps its config file, as data (the CLI resolves it: cli/hosts/host-paths.ts); most preferred first. */
export interface ConfigFiles {
  /** The user-scope files. */
  user?: readonly HostPath[];
  /** The user-scope files on Windows, where they differ. */
  userOnWindows?: readonly HostPath[];
  /** The project-scope files, as segments below the project folder. */
  project?: readonly (readonly string[])[];
}

/**
 * Where a host loads Agent Skills from: one folder per scope, as path segments below the user's home
 * folder or the project folder. One folder each, on purpose: a host that reads two of them (VS Code
 * reads ~/.agents/skills and ~/.claude/skills) would otherwise list every skill twice.
 */
export interface SkillFolders {
  user?: readonly string[];
  project?: readonly string[];
  /** True when the host's own documentation names the folder; false when only third parties do. */
  confirmed: boolean;
}

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

/** What an adapter builds for a snippet: everything but the text (snippet.ts writes it in the host's format). */
export interface SnippetDocument {
  host: HostId;
  /** The fragment in the host's own document shape, e.g. `{ mcpServers: { name: entry } }`. */
  document: Record<string, unknown>;
  /** One-click install link, where the host has one. */
  deeplink?: string;
  /** Credentials the user still has to supply, and how. */
  placeholders: Array<{ key: string; how: string }>;
  notes: string[];
}

/** A pasteable configuration for one host, credentials as references or placeholders. */
export interface Snippet extends SnippetDocument {
  /** The fragment as text in the host's format (JSON, TOML or YAML). */
  text: string;
}

/**
 * One host's knowledge, pure: where its file keeps servers, which transports it speaks, how it
 * spells an entry, and how it references an environment variable inside its config.
 */
export interface HostAdapter<Id extends string = HostId> {
  id: Id;
  displayName: string;
  /** Where its config file is; empty for import-only hosts. */
  configFiles: ConfigFiles;
  /** Where it loads Agent Skills from; absent: no folder anyone documents (docs/hosts.md). */
  skills?: SkillFolders;
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
  snippet?(name: string, template: ServerSpec, ctx: SnippetContext): SnippetDocument;
  /** One-click link for one server entry. */
  deeplink?(name: string, entry: HostEntry, document: Record<string, unknown>): string;
}
