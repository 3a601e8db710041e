import type { Permissions } from "./sandbox/permissions.js";

/** Shapes shared by every part of Connectory: the package format (docs/package-format.md) and the server set. */

/** A stdio MCP server: launched without a shell. */
export interface StdioServer {
  type?: "stdio";
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** mcp.json 2: the process serves MCP over HTTP on a local port instead of stdio (docs/package-format.md). */
  transport?: LocalTransport;
  /** mcp.json 2: the registry package this launch runs (npm, pypi, oci, nuget, mcpb, or another). */
  package?: LaunchPackage;
  /** mcp.json 2: a credential key → the name server.json gives that input (`TENANT_ID` → `tenant_id`). */
  inputNames?: Record<string, string>;
  /** mcp.json 2: other launches of the same server, tried in order after this one. */
  alternatives?: Launch[];
}

/** How a local process serves MCP when it does not speak stdio: HTTP on a loopback URL. */
export interface LocalTransport {
  type: "streamable-http" | "sse";
  /** A loopback http URL (`http://127.0.0.1:${PORT}/mcp`); Connectory waits for its port, then connects. */
  url: string;
}

/** Which registry package a launch runs, as server.json names it. */
export interface LaunchPackage {
  registryType: string;
  identifier: string;
  version?: string;
  registryBaseUrl?: string;
  /** The sha256 (hex) of the file an MCPB package downloads. */
  fileSha256?: string;
  runtimeHint?: string;
}

/** One way to reach a server: an mcp.json server without `alternatives`. */
export type Launch = Omit<StdioServer, "alternatives"> | Omit<RemoteServer, "alternatives">;

export type RemoteTransport = "streamable-http" | "http" | "sse";

/** A remote MCP server reached over HTTP. */
export interface RemoteServer {
  type: RemoteTransport;
  url: string;
  headers?: Record<string, string>;
  /** The server signs in with OAuth (`connectory auth`); what the publisher knows about its client. */
  oauth?: RemoteOAuth;
  /** mcp.json 2: a credential key → the name server.json gives that input (`TENANT_ID` → `tenant_id`). */
  inputNames?: Record<string, string>;
  /** mcp.json 2: other launches of the same server, tried in order after this one. */
  alternatives?: Launch[];
}

/** mcp.json `oauth` on a remote server: all optional; `{}` just says "signs in with OAuth". */
export interface RemoteOAuth {
  /** A client id registered for Connectory with the server's authorization server. */
  clientId?: string;
  /** An https URL of a client ID metadata document, used where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scopes?: string[];
}

export type ServerSpec = StdioServer | RemoteServer;

/** `{ "<server>": Server }`, the inside of the standard `{ "mcpServers": … }` document. */
export type ServerSet = Record<string, ServerSpec>;

export function isRemote(server: ServerSpec): server is RemoteServer;
export function isRemote(server: Launch): server is Omit<RemoteServer, "alternatives">;
export function isRemote(server: ServerSpec | Launch): boolean {
  return server.type === "streamable-http" || server.type === "http" || server.type === "sse";
}

export const CATEGORIES = [
  "ai",
  "browser-automation",
  "cloud",
  "communication",
  "data-analysis",
  "databases",
  "developer-tools",
  "files",
  "finance",
  "knowledge",
  "maps",
  "media",
  "productivity",
  "search",
  "security",
  "weather",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** plugin.json */
export interface PluginManifest {
  name: string;
  version: string;
  description: string;
  publisher: string;
  displayName?: string;
  license?: string;
  homepage?: string;
  repository?: string;
  keywords?: string[];
  categories?: Category[];
  icon?: string;
  defaultEnabled?: boolean;
  engines?: { connectory?: string };
  /** What its local servers may reach; absent: unrestricted (src/core/sandbox/permissions.ts). */
  permissions?: Permissions;
  /** Translations of the display text, by language tag (`zh-CN`): docs/package-format.md, "i18n". */
  i18n?: Record<string, LocalizedManifest>;
  /**
   * Listed, not installable (docs/package-format.md, "Listing-only connectors"): a server.json entry with
   * nothing Connectory may run. Such a package declares no servers; `connectory install` refuses it.
   */
  listingOnly?: { reason: string };
}

/** One language's display text in plugin.json `i18n`; what is absent falls back to the English field. */
export interface LocalizedManifest {
  displayName?: string;
  description?: string;
  /** A Markdown file inside the package, shown instead of README.md (e.g. `README.zh-CN.md`). */
  readme?: string;
}

/** One credential a connector needs (a property of token-schema.json). */
export interface TokenProperty {
  type: "string" | "number" | "integer" | "boolean";
  title?: string;
  description?: string;
  default?: string | number | boolean;
  enum?: Array<string | number | boolean>;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  examples?: unknown[];
  secret?: boolean;
}

/** token-schema.json */
export interface TokenSchema {
  $schema?: string;
  type: "object";
  properties: Record<string, TokenProperty>;
  required?: string[];
  additionalProperties?: boolean;
}

/** A skill: skills/<name>/SKILL.md */
export interface Skill {
  name: string;
  description: string;
  /** Path inside the package, e.g. `skills/daily-quotes/SKILL.md`. */
  path: string;
  /** The markdown after the front matter. */
  body: string;
}

/** Credential values keyed by token-schema property (strings as typed by the user; numbers/booleans rendered as text). */
export type Credentials = Record<string, string | number | boolean>;

/** The files of a package, keyed by POSIX path relative to the package root (no `package/` prefix). */
export type PackageFiles = Map<string, Uint8Array>;

export type Severity = "error" | "warning";

/** One problem found in a package or a file: every check reports all problems, not only the first. */
export interface Problem {
  /** Stable, documented code, e.g. `manifest.name.invalid`, `template.undeclared`, `tar.path.traversal`. */
  code: string;
  severity: Severity;
  /** File inside the package (e.g. `plugin.json`), or the tarball entry. */
  file: string;
  /** JSON Pointer inside that file (`/mcpServers/tushare/url`), `""` for the whole file. */
  path: string;
  /** What is wrong and how to fix it, in a publisher's words. */
  message: string;
}
