import { readToolsListing } from "../../src/core/tools/read-report.js";
import type { PluginManifest, ServerSet, TokenSchema } from "../../src/core/types.js";

// Typed views of the registry's JSON documents (src/registry/documents.ts builds them). The web reads
// the same documents the API serves, so a page never shows something the API would not.

export interface VersionEntry {
  version: string;
  publishedAt: string;
  yanked: boolean;
  deprecated?: string;
}

/** GET /v1/connectors/:name */
export interface ConnectorDoc {
  name: string;
  displayName?: string;
  description: string;
  publisher: string;
  license?: string;
  homepage?: string;
  repository?: string;
  keywords: string[];
  categories: string[];
  createdAt: string;
  updatedAt: string;
  distTags: Record<string, string>;
  /** Ascending by semver, as the registry writes them. */
  versions: Record<string, VersionEntry>;
  downloads: number;
}

/** A tool as reported for a version (when the registry knows its tools). */
export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  /** The package's server that lists it. */
  server?: string;
}

/** Who reported a version's tools, and when (`tools: { reportedBy, reportedAt, items }`). */
export interface ToolsSource {
  reportedBy: string;
  reportedAt?: string;
}

/** GET /v1/connectors/:name/:version */
export interface VersionDoc {
  name: string;
  version: string;
  publisher: string;
  publishedAt: string;
  yanked: boolean;
  deprecated?: string;
  manifest: PluginManifest;
  mcp: { mcpServers: ServerSet };
  tokenSchema?: TokenSchema;
  skills: Array<{ name: string; description: string; path: string }>;
  readme?: string;
  icon?: { path: string; mediaType: string };
  /** The publisher's report (src/registry/tools.ts); older shapes are a bare list or `{ tools }`. */
  tools?: ToolInfo[] | ({ items: ToolInfo[] } & ToolsSource);
  dist: { tarball: string; integrity: string; sha256: string; size: number };
}

/** The version a connector page shows by default: `latest`, else the highest not yanked, else the highest. */
export function shownVersion(doc: ConnectorDoc): string | undefined {
  const ordered = Object.values(doc.versions);
  return (
    doc.distTags.latest ??
    [...ordered].reverse().find((v) => !v.yanked)?.version ??
    ordered[ordered.length - 1]?.version
  );
}

/**
 * The tools of a version document, whatever shape they come in: the registry's report
 * `{ reportedBy, reportedAt, items }`, a bare list, or `{ tools }` as MCP's tools/list returns them.
 */
export function toolsOf(doc: Record<string, unknown>): ToolInfo[] {
  return (readToolsListing(doc.tools)?.items ?? []).map(({ name, title, description, server }) => ({
    name,
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(server !== undefined ? { server } : {}),
  }));
}

/** Who reported the tools, when the document says so (the registry's report always does). */
export function toolsSourceOf(doc: Record<string, unknown>): ToolsSource | undefined {
  const listing = readToolsListing(doc.tools);
  if (listing?.reportedBy === undefined) return undefined;
  return {
    reportedBy: listing.reportedBy,
    ...(listing.reportedAt !== undefined ? { reportedAt: listing.reportedAt } : {}),
  };
}
