import type { BuildProvenance } from "../oidc/provenance.js";
import type { ToolsListing } from "../tools/read-report.js";
import type { PluginManifest } from "../types.js";
import type {
  ConnectorDocument,
  ConnectorListItem,
  ImportProvenance,
  SkillEntry,
  VersionDist,
  VersionDocument,
  VersionSummary,
} from "./documents.js";

// What a client can rely on from any registry that speaks the API (a mirror may leave fields out). The
// CLI checks the parts an installer depends on and keeps the rest only when it has the right type.

/** A `dist` as received: the tarball URL and its integrity are required, the rest may be missing. */
export type ReceivedDist = Pick<VersionDist, "tarball" | "integrity"> & Partial<VersionDist>;

/** A `versions` entry as received. */
export type ReceivedVersionSummary = Omit<VersionSummary, "publishedAt" | "dist"> &
  Partial<Pick<VersionSummary, "publishedAt">> & { dist: ReceivedDist };

/** A connector document as received: name, dist-tags and versions are checked; the rest is optional. */
export type ReceivedConnectorDocument = Pick<ConnectorDocument, "name" | "distTags"> &
  Partial<Omit<ConnectorDocument, "name" | "distTags" | "versions" | "categories">> & {
    categories?: string[];
    versions: Record<string, ReceivedVersionSummary>;
  };

/** A search result as received; `null` fields of a list item are absent. */
export type ReceivedListItem = Pick<ConnectorListItem, "name" | "description" | "i18n"> & {
  categories: string[];
} & {
  [K in "displayName" | "version" | "publisher" | "downloads" | "quality" | "checkStatus"]?: NonNullable<
    ConnectorListItem[K]
  >;
};

/**
 * A version document as received. The manifest, servers and credential schema are the package's word
 * relayed by a registry: callers validate them (validateServerSet, validateTokenSchema) before use.
 */
export type ReceivedVersionDocument = Pick<VersionDocument, "name" | "version"> &
  Partial<Pick<VersionDocument, "readme" | "yanked" | "deprecated" | "malicious">> & {
    manifest: { [K in keyof PluginManifest]?: unknown } & Record<string, unknown>;
    mcp: unknown;
    tokenSchema?: unknown;
    skills: Array<Pick<SkillEntry, "name" | "description">>;
    dist?: ReceivedDist;
    /** Whatever shape the registry sent, read by readToolsListing. */
    tools?: ToolsListing;
    /** Read by readBuildProvenance: absent unless every field is text. */
    buildProvenance?: BuildProvenance;
    /** As sent: the CLI trusts it only once its digest matches the signed statement (cli/verify/). */
    toolSnapshot?: unknown;
    /** Where an imported version came from: kept only when its format and fetch date are text. */
    provenance?: Pick<ImportProvenance, "format" | "fetchedAt">;
  };
