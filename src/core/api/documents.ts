import type { Snippet } from "../hosts/types.js";
import type { HostId } from "../hosts/index.js";
import type { QualityDocument } from "../quality/types.js";
import type { ToolsReport } from "../tools/report.js";
import type { Category, PluginManifest, Problem, ServerSet, TokenSchema } from "../types.js";
import type { CheckResult, StabilityEvidence } from "../quality/evidence.js";
import type { BuildProvenance } from "../oidc/provenance.js";
import type { ToolSnapshot } from "../tools/snapshot.js";
import type { Signature } from "../signing/keys.js";
import type { VersionStatement } from "../signing/statement.js";

// The registry API's JSON documents (docs/http-api.md), typed once: src/registry builds them, src/web/ shows them,
// the CLI checks what it receives into the `Received*` views (received-documents.ts, cli/registry/registry-documents.ts).

/** `dist` of one version: where its tarball is and how to verify it. */
export interface VersionDist {
  /** Absolute URL of the tarball. */
  tarball: string;
  /** SRI `sha512-<base64>` of the exact tarball bytes. */
  integrity: string;
  sha256: string;
  size: number;
  /** What the registry signed for this version (src/core/signing/statement.ts); absent from older registries. */
  statement?: VersionStatement;
  /** The registry's Ed25519 signatures of `statement` (keys: `/.well-known/connectory/keys`). */
  signatures?: Signature[];
  /** The statement's position in the registry's transparency log (`/v1/log/…`). */
  log?: { index: number };
}

/** One entry of a connector document's `versions`. */
export interface VersionSummary {
  version: string;
  publishedAt: string;
  yanked: boolean;
  /** The deprecation message, when the publisher deprecated this version. */
  deprecated?: string;
  /** When an operator confirmed a report that this version is malicious (it is yanked for good). */
  malicious?: string;
  /** The version string upstream of a server.json import, when it is not `version`. */
  upstreamVersion?: string;
  dist: VersionDist;
}

/**
 * What the registry vouches for about a publisher (docs/publishers.md): the domains it proved (HTTP file
 * or DNS TXT) and whether it is an unclaimed publisher the importer made from another registry's namespace.
 */
export interface PublisherBadge {
  /** True when the publisher proved at least one domain. */
  verified: boolean;
  /** The proven domains, in the order they were proven. */
  domains: string[];
  /** True for a publisher created by `connectory-registry import`, until an operator hands it to its owner. */
  unclaimed: boolean;
}

/**
 * Where an imported version came from (`connectory-registry import`; docs/publishers.md): recorded by the
 * importer, never taken from a package, so a publisher cannot claim to come from elsewhere.
 */
export interface ImportProvenance {
  /** The ecosystem format of the entry (server-json: the official MCP Registry's). */
  format: "server-json" | "claude-plugin" | "mcpb" | "docker-catalog" | "mcp-json";
  /** The entry's name upstream (e.g. `io.github.brave/brave-search-mcp-server`). */
  upstreamName: string;
  upstreamVersion?: string;
  /** The file or URL the import read it from. */
  origin?: string;
  /** When the import fetched it (ISO-8601 UTC). */
  fetchedAt: string;
  /**
   * A version mirrored from another Connectory registry: the statement and signatures that registry
   * served with the tarball, verified by the mirror against the upstream's keys before it stored the bytes.
   */
  upstreamSignature?: { statement: VersionStatement; signatures: Signature[] };
}

/** The listing text of a connector in other languages (plugin.json `i18n`), by language tag. */
export type LocalizedListing = Record<string, { displayName?: string; description?: string }>;

/** `GET /v1/connectors/:name`. */
export interface ConnectorDocument {
  name: string;
  displayName?: string;
  description: string;
  /** The shown version's translations of displayName and description, when it has any. */
  i18n?: LocalizedListing;
  publisher: string;
  license?: string;
  homepage?: string;
  repository?: string;
  keywords: string[];
  categories: Category[];
  createdAt: string;
  updatedAt: string;
  /** `latest` is computed when not set explicitly (src/registry/documents.ts). */
  distTags: Record<string, string>;
  /** Ascending by semver, as the registry writes them. */
  versions: Record<string, VersionSummary>;
  downloads: number;
  /** The quality score with its checklist (docs/quality.md); absent from registries without one. */
  quality?: QualityDocument;
  /**
   * The live checker's summary (src/registry/checks/); absent before any check. The evidence `quality`'s
   * stability items were scored from, written with it (`quality.check` is `checks.latest`).
   */
  checks?: StabilityEvidence;
  /** The publisher's badge, as of the last write (a verification rewrites its connectors' documents). */
  publisherBadge: PublisherBadge;
  /** Where the shown version was imported from, when it was imported. */
  provenance?: ImportProvenance;
}

/** A skill as a version document lists it (its body stays in the tarball). */
export interface SkillEntry {
  name: string;
  description: string;
  path: string;
}

/** What a version declares: the package's files, as stored at publish time. */
export interface VersionContent {
  manifest: PluginManifest;
  mcp: { mcpServers: ServerSet };
  tokenSchema?: TokenSchema;
  skills: SkillEntry[];
  readme?: string;
  /** Translated READMEs by language tag (plugin.json `i18n.<lang>.readme`). */
  readmes?: Record<string, string>;
  icon?: { path: string; mediaType: string };
}

/** `GET /v1/connectors/:name/:version`: what the version declares, its state, its tools and its dist. */
export interface VersionDocument extends VersionContent {
  name: string;
  version: string;
  publisher: string;
  publishedAt: string;
  yanked: boolean;
  deprecated?: string;
  /** When an operator confirmed a report that this version is malicious (install refuses it). */
  malicious?: string;
  /** The publisher's report (PUT …/tools), when there is one. */
  tools?: ToolsReport;
  /** Where the importer got this version, when it was imported. */
  provenance?: ImportProvenance;
  /** Where a trusted publish (a CI token exchange) built it: repository, workflow, commit, run. */
  buildProvenance?: BuildProvenance;
  /** What the registry's sandboxed run of its bundled servers answered; the statement signs its digest. */
  toolSnapshot?: ToolSnapshot;
  /** The server.json the version was imported from, verbatim (served as its `server` by /v0.1). */
  serverJson?: Record<string, unknown>;
  dist: VersionDist;
}

/** One connector in a search page or listing. */
export interface ConnectorListItem {
  name: string;
  displayName: string | null;
  description: string;
  /** Translations of displayName and description (present only when the connector has some). */
  i18n?: LocalizedListing;
  publisher: string;
  /** The version people get (null when every version is yanked). */
  version: string | null;
  keywords: string[];
  categories: Category[];
  downloads: number;
  updatedAt: string;
  /** The quality score (0..100, docs/quality.md); the checklist is in the connector document. */
  quality: number;
  /** The latest live check's status (the rest is the connector document's `checks`); null: never checked. */
  checkStatus: CheckResult["status"] | null;
  /** The publisher's badge (verified domains, unclaimed import). */
  publisherBadge: PublisherBadge;
  /**
   * The repository URL of the version people get, when it names one: listings of one upstream server
   * (the same repository imported from several catalogs) fold into one card with "also in".
   */
  repository?: string;
}

/** `GET /v1/connectors?q=&category=&publisher=&sort=&limit=&cursor=`. */
export interface SearchPage {
  items: ConnectorListItem[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `GET /v1/categories`: every category of docs/package-format.md with its count (zero included). */
export interface CategoriesDocument {
  categories: Array<{ name: Category; count: number }>;
}

/** `GET /v1/whoami`. */
export interface WhoamiDocument {
  publisher: string;
}

/** `PUT /v1/connectors/:name` (201). */
export interface PublishedDocument {
  name: string;
  version: string;
  integrity: string;
  sha256: string;
  size: number;
  /** Warnings of the validation (errors would have refused the publish). */
  warnings: Problem[];
  /** The version document's URL (also the Location header). */
  url: string;
  tarball: string;
}

/** What yank, unyank, deprecate and the dist-tag PUT/DELETE answer: the connector's state after the change. */
export interface ConnectorStateDocument {
  name: string;
  distTags: Record<string, string>;
  versions: Array<{ version: string; yanked: boolean; deprecated: string | null }>;
}

/** `PUT /v1/connectors/:name/:version/tools`. */
export interface ToolsReportedDocument {
  name: string;
  version: string;
  tools: Pick<ToolsReport, "reportedBy" | "reportedAt"> & { count: number };
}

/** `POST /v1/connectors/:name/:version/reports` (201): the report as filed. */
export interface ReportDocument {
  id: number;
  name: string;
  version: string;
  kind: string;
  status: "open";
  createdAt: string;
}

/** `GET /v1/connectors/:name/:version/config?host=`. */
export interface HostConfigDocument {
  name: string;
  version: string;
  host: HostId;
  snippets: Array<{ server: string } & Snippet>;
  /** The host's own one-line install (its plugin or extension), for the hosts that have one (issue 25). */
  install?: { command: string; notes: string[] };
}

/** Every error the API sends: RFC 9457 problem details (application/problem+json). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Stable, documented code (`connector.not-found`, `auth.required`, …). */
  code: string;
  hint?: string;
  errors?: Array<Pick<Problem, "code" | "file" | "path" | "message">>;
}

// The `Received*` views (what the CLI checks from any registry) live in received-documents.ts; they are
// re-exported here so every reader of the API's documents has one import.
export type {
  ReceivedConnectorDocument,
  ReceivedDist,
  ReceivedListItem,
  ReceivedVersionDocument,
  ReceivedVersionSummary,
} from "./received-documents.js";
