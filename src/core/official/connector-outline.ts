import type { ConnectorDocument } from "../api/documents.js";

// What an official registry listing (GET /v0.1/servers) reads of a connector document, stored beside the
// document when it is written (connectors.outline), so a listing page reads and parses ~300 bytes a row
// (273 for a bench connector) rather than the whole document (~6 KB with its checklist; issue 29).

/** The parts of a connector document a listing's entries need: which versions, and what they show. */
export interface ConnectorOutline {
  publisher: string;
  updatedAt: string;
  distTags: Record<string, string>;
  versions: Record<string, { version: string; yanked: boolean; upstreamVersion?: string }>;
  /** Only the score of the document's quality (docs/quality.md) goes into the entries. */
  quality?: { score: number };
  /** Absent in documents written before badges (the start-up rebuild adds it). */
  publisherBadge?: ConnectorDocument["publisherBadge"];
  /** The shown version's import provenance: a server.json import is served under its upstream name. */
  provenance?: ConnectorDocument["provenance"];
}

/** A document's fields an outline is made of (a stored document has no live download count). */
type OutlineSource = Pick<ConnectorDocument, "publisher" | "updatedAt" | "distTags" | "versions"> &
  Partial<Pick<ConnectorDocument, "quality" | "publisherBadge" | "provenance">>;

/** The outline of a connector document. */
export function connectorOutline(doc: OutlineSource): ConnectorOutline {
  const versions: ConnectorOutline["versions"] = {};
  for (const [key, v] of Object.entries(doc.versions)) {
    versions[key] = {
      version: v.version,
      yanked: v.yanked,
      ...(v.upstreamVersion !== undefined ? { upstreamVersion: v.upstreamVersion } : {}),
    };
  }
  return {
    publisher: doc.publisher,
    updatedAt: doc.updatedAt,
    distTags: doc.distTags,
    versions,
    ...(doc.quality !== undefined ? { quality: { score: doc.quality.score } } : {}),
    ...(doc.publisherBadge !== undefined ? { publisherBadge: doc.publisherBadge } : {}),
    ...(doc.provenance !== undefined ? { provenance: doc.provenance } : {}),
  };
}

/**
 * The stored form of an outline: JSON that starts with the ETag of the document it was made from,
 * `{"etag":"<etag>",…`, so a read can tell by comparing text, before parsing anything, whether the row's
 * document is still the one outlined (a row written by a build that does not know the column keeps an
 * older outline and is read from its document instead).
 */
export function storedOutline(doc: OutlineSource, etag: string): string {
  return JSON.stringify({ etag, ...connectorOutline(doc) });
}
