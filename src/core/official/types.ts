// The official MCP Registry's wire types (server.json 2025-12-11 and the read API's ServerResponse),
// as far as Connectory writes them. Field names follow the schema vendored in schemas/vendor/.

/** The `$schema` every generated server.json names. */
export const SERVER_SCHEMA_URL =
  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The response `_meta` key the official registry uses for its own data. */
export const OFFICIAL_META = "io.modelcontextprotocol.registry/official";

/** The response `_meta` key for Connectory's own data about an entry. */
export const CONNECTORY_META = "dev.connectory/connector";

/** A value the user (or the client) supplies: an environment variable, argument, header or URL variable. */
export interface Input {
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: "string" | "number" | "boolean" | "filepath";
  default?: string;
  placeholder?: string;
  choices?: string[];
  /** A fixed value; `{KEY}` in it is replaced from `variables`. */
  value?: string;
}

export interface InputWithVariables extends Input {
  variables?: Record<string, Input>;
}

/** An environment variable or an HTTP header. */
export interface KeyValueInput extends InputWithVariables {
  name: string;
}

export type Argument =
  | (InputWithVariables & { type: "positional"; valueHint?: string })
  | (InputWithVariables & { type: "named"; name: string; valueHint?: string });

export interface Package {
  /** npm, pypi, oci, nuget, mcpb; another registry's name is kept as written. */
  registryType: string;
  registryBaseUrl?: string;
  identifier: string;
  version?: string;
  fileSha256?: string;
  runtimeHint?: string;
  /** stdio, or a local HTTP server (`url` on a loopback port). */
  transport:
    | { type: "stdio" }
    | {
        type: "streamable-http" | "sse";
        url: string;
        headers?: KeyValueInput[];
        variables?: Record<string, Input>;
      };
  runtimeArguments?: Argument[];
  packageArguments?: Argument[];
  environmentVariables?: KeyValueInput[];
}

export interface Remote {
  type: "streamable-http" | "sse";
  url: string;
  headers?: KeyValueInput[];
  variables?: Record<string, Input>;
}

/** server.json (the schema's ServerDetail). */
export interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  repository?: { url: string; source: "github" | "gitlab" };
  icons?: Array<{ src: string; mimeType?: string }>;
  packages?: Package[];
  remotes?: Remote[];
}

export type OfficialStatus = "active" | "deprecated" | "deleted";

/** `_meta["io.modelcontextprotocol.registry/official"]` of a response entry. */
export interface OfficialMeta {
  status: OfficialStatus;
  statusMessage?: string;
  statusChangedAt: string;
  publishedAt: string;
  updatedAt: string;
  isLatest: boolean;
}

/** One entry of the read API: `{ server, _meta }`. */
export interface ServerResponse {
  server: ServerJson;
  _meta: { [OFFICIAL_META]: OfficialMeta; [CONNECTORY_META]?: Record<string, unknown> };
}

/** `GET /v0.1/servers` and `/versions`: a page of entries. */
export interface ServerList {
  servers: ServerResponse[];
  metadata: { count: number; nextCursor?: string };
}
