import type { ConnectorListItem } from "../core/api/documents.js";
import type { SortKey } from "../core/api/search.js";
import type { Category } from "../core/types.js";

// The listing queries the data layer answers: search and the official API's server list, and their rows.

export interface SearchQuery {
  /** Words to match (already split; each matched as a prefix); empty = no text filter. */
  terms: string[];
  category?: Category;
  /** Only this publisher's connectors (a valid publisher name); indexed by (publisher, name). */
  publisher?: string;
  /** Relevance only with terms: effectiveSort (src/core/api/search.ts) decides, and the databases call it too. */
  sort: SortKey;
  limit: number;
  /** Keyset position: the sort value and name of the last item of the previous page. */
  after?: { key: number | string; name: string };
}

/** A listing row: the API's list item plus its sort value. */
export interface ConnectorSummary extends ConnectorListItem {
  /** The sort value of this item (the keyset cursor carries it). */
  key: number | string;
}

/** The connectors behind a page of the official registry API (GET /v0.1/servers), in page order. */
export interface ServerListQuery {
  /** The lower-cased search text; a connector matches when `prefix + name` contains it, or by `terms`. */
  needle?: string;
  /** Prepended to the connector name for the substring match (`<namespace>/`, lower-cased). */
  prefix: string;
  /** Words for the full-text index, split as GET /v1/connectors splits them; empty = name match only. */
  terms: string[];
  /** Only connectors changed after this instant (ISO-8601 UTC, as stored). */
  updatedSince?: string;
  /** Keyset: start at this group and name, inclusive (the cursor may resume inside a connector). */
  from?: { group: number; name: string };
  limit: number;
}

/** A connector of a server listing: group 0 matched by name, 1 by the full-text index only. */
export interface ServerListRow {
  name: string;
  group: number;
  /**
   * The connector's stored outline (src/core/official/connector-outline.ts) when it was made from the
   * row's current document, else null and `document` is given.
   */
  outline: string | null;
  /**
   * The prepared connector document (without downloads; SQLite leaves out its quality checklist,
   * `quality.items`, which a listing does not show) when `outline` is null, else null.
   */
  document: string | null;
  /** The document's ETag. */
  etag: string;
  downloads: number;
  /** The version the `latest` dist-tag names (null: none), with its version document and ETag (null: none). */
  latest: string | null;
  latestDocument: string | null;
  latestEtag: string | null;
}

/**
 * A listing row's `latest` version document in the same statement (what a page of `version=latest`, the
 * clients' listing, shows: no second read for the page's versions): LATEST_COLUMNS beside the row's, with
 * LATEST_JOIN after `connectors c`, on either dialect.
 */
export const LATEST_COLUMNS = `c.latest AS latest, lv.document AS "latestDocument", lv.etag AS "latestEtag"`;
export const LATEST_JOIN = "LEFT JOIN versions lv ON lv.connector_id = c.id AND lv.version = c.latest";

/**
 * A listing row's outline or document, as SQL columns `outline` and `document` of connectors `c` on
 * either dialect: the stored outline when it begins with the row's ETag (it was made from the document
 * there now), else the document as `document` (an expression of `c.document`) gives it.
 */
export function outlineColumns(document: string): string {
  const fresh = `substr(c.outline, 1, 10 + length(c.etag)) = '{"etag":"' || c.etag || '"'`;
  return `CASE WHEN ${fresh} THEN c.outline END AS outline, CASE WHEN ${fresh} THEN NULL ELSE ${document} END AS document`;
}
