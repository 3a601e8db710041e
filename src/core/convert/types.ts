import type { PackageFiles, Problem, ServerSet, TokenProperty } from "../types.js";
import type { ConvertNote, RefusalCode } from "./notes.js";

/** Which ecosystem format an entry came from. */
export type SourceFormat = "server-json" | "claude-plugin" | "mcpb" | "docker-catalog" | "mcp-json";

/** Where a converted package came from; written to the package as provenance.json. */
export interface Provenance {
  format: SourceFormat;
  /** The entry's own name upstream (e.g. `io.github.brave/brave-search-mcp-server`), kept searchable. */
  upstreamName: string;
  upstreamVersion?: string;
  /** The file or URL the entry was read from, when the caller knows it. */
  origin?: string;
  /** For server.json: the alternative that became the server (`packages/0`, `remotes/1`). */
  chosen?: string;
  /** For server.json: every package/remote that became a launch (the first, then its alternatives). */
  launches?: string[];
  /** The alternatives not chosen, verbatim, so nothing the source said is lost. */
  alternatives?: unknown[];
  /** Upstream fields that have no place in the package, verbatim. */
  extra?: Record<string, unknown>;
}

/** The parts a converter found, before the shared rules (limits, defaults, README) are applied. */
export interface Draft {
  name: string;
  version: string;
  publisher: string;
  description?: string;
  /** Shown in README.md only (a long description, an about text). */
  longDescription?: string;
  displayName?: string;
  homepage?: string;
  repository?: string;
  license?: string;
  icon?: string;
  /** Upstream categories and tags, mapped onto ours by the builder; the rest become keywords. */
  tags: string[];
  servers: ServerSet;
  credentials: Record<string, TokenProperty>;
  required: string[];
  /** Files copied from the source (skills, bundled server code), by package path. */
  files?: PackageFiles;
  /** The source's own README, used instead of one built from the description. */
  readme?: string;
  provenance: Provenance;
  /** Listed, not installable: why (plugin.json `listingOnly`); the draft then has no servers. */
  listingOnly?: { reason: string };
}

export type Conversion =
  | {
      ok: true;
      name: string;
      version: string;
      files: PackageFiles;
      notes: ConvertNote[];
      provenance: Provenance;
      /** Tools the source lists (Docker's tools.json, MCPB's tools), to report as the publisher's word. */
      tools?: Array<{
        name: string;
        server: string;
        description?: string;
        inputSchema: Record<string, unknown>;
      }>;
    }
  | {
      ok: false;
      code: RefusalCode;
      message: string;
      notes: ConvertNote[];
      upstreamName?: string;
      problems?: Problem[];
    };

export type Refusal = Extract<Conversion, { ok: false }>;

/** The world a converter needs beyond the entry: all optional. */
export interface ConvertOptions {
  /** Overrides the publisher derived from the source. */
  publisher?: string;
  /** The file or URL the entry came from, kept in provenance. */
  origin?: string;
  /**
   * An entry with nothing Connectory may run becomes a listing-only package (plugin.json `listingOnly`)
   * instead of a refusal: set by the registry import for a server.json it keeps verbatim.
   */
  listing?: boolean;
}

/** A refusal. */
export function refuse(
  code: RefusalCode,
  message: string,
  notes: ConvertNote[] = [],
  upstreamName?: string,
): Refusal {
  return { ok: false, code, message, notes, ...(upstreamName === undefined ? {} : { upstreamName }) };
}

/** The refusal of an entry whose upstream name leaves no usable connector name (naming.ts). */
export function nameRefusal(upstreamName: string, notes: ConvertNote[]): Refusal {
  return refuse(
    "convert.refused.name",
    `"${upstreamName}" leaves no usable connector name`,
    notes,
    upstreamName,
  );
}
