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
  tools?: ToolInfo[];
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

/** The tools of a version document, whatever shape the MCP side reports them in (`tools` or `tools.tools`). */
export function toolsOf(doc: Record<string, unknown>): ToolInfo[] {
  const raw = doc.tools;
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === "object" && Array.isArray((raw as { tools?: unknown }).tools)
      ? (raw as { tools: unknown[] }).tools
      : [];
  return list.flatMap((t) => {
    if (!t || typeof t !== "object" || typeof (t as ToolInfo).name !== "string") return [];
    const { name, title, description } = t as ToolInfo;
    return [
      {
        name,
        ...(typeof title === "string" ? { title } : {}),
        ...(typeof description === "string" ? { description } : {}),
      },
    ];
  });
}
