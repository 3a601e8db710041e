import type { ConnectorDocument, VersionDocument } from "../../core/api/documents.js";
import { shownVersion } from "../../core/api/shown-version.js";
import { readToolsListing, type ToolSummary, type ToolsListing } from "../../core/tools/read-report.js";

// Helpers over the registry's JSON documents (typed in src/core/api/documents.ts). The web reads the
// same documents the API serves, so a page never shows something the API would not.

/** A tool as a page lists it. */
export type ToolInfo = Pick<ToolSummary, "name" | "title" | "description" | "server">;

/** Who reported a version's tools, and when. */
export type ToolsSource = Required<Pick<ToolsListing, "reportedBy">> & Pick<ToolsListing, "reportedAt">;

/** The version a connector page shows by default (the rule the registry's listing uses too). */
export function defaultVersion(doc: ConnectorDocument): string | undefined {
  return shownVersion(Object.values(doc.versions), doc.distTags.latest)?.version;
}

/**
 * The tools of a version document, whatever shape they come in: the registry's report
 * `{ reportedBy, reportedAt, items }`, or (documents stored by older registries) a bare list or `{ tools }`.
 */
export function toolsOf(doc: VersionDocument): ToolInfo[] {
  return (readToolsListing(doc.tools)?.items ?? []).map(({ name, title, description, server }) => ({
    name,
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(server !== undefined ? { server } : {}),
  }));
}

/** Who reported the tools, when the document says so (the registry's report always does). */
export function toolsSourceOf(doc: VersionDocument): ToolsSource | undefined {
  const listing = readToolsListing(doc.tools);
  if (listing?.reportedBy === undefined) return undefined;
  return {
    reportedBy: listing.reportedBy,
    ...(listing.reportedAt !== undefined ? { reportedAt: listing.reportedAt } : {}),
  };
}
