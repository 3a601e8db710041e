import type { LocalizedListing } from "../../core/api/documents.js";
import { latestCheckStatus } from "../../core/quality/read-quality.js";
import type { Category } from "../../core/types.js";
import type { ConnectorSummary } from "../listing-queries.js";
import { badgeOf } from "./publishers.js";

/**
 * A search or listing row as both dialects' SQL selects it (pg-search.ts, sqlite-search.ts): snake_case
 * columns, JSON as text, and `unclaimed` as PostgreSQL's boolean or SQLite's 0/1.
 */
export interface SummaryRow extends Record<string, unknown> {
  name: string;
  display_name: string | null;
  description: string;
  i18n: string | null;
  publisher: string;
  version: string | null;
  keywords: string;
  categories: string;
  downloads: number;
  updated_at: string;
  quality_score: number;
  check_summary: string | null;
  verified_domains: string;
  unclaimed: boolean | number;
  repository: string | null;
  key: number | string;
}

/** A SummaryRow as the listing entry the services return. */
export function toSummary(row: SummaryRow): ConnectorSummary {
  return {
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    ...(row.i18n !== null ? { i18n: JSON.parse(row.i18n) as LocalizedListing } : {}),
    publisher: row.publisher,
    version: row.version,
    keywords: JSON.parse(row.keywords) as string[],
    categories: JSON.parse(row.categories) as Category[],
    downloads: row.downloads,
    updatedAt: row.updated_at,
    quality: Number(row.quality_score),
    checkStatus: latestCheckStatus(row.check_summary),
    publisherBadge: badgeOf({ verifiedDomains: row.verified_domains, unclaimed: Boolean(row.unclaimed) }),
    ...(typeof row.repository === "string" ? { repository: row.repository } : {}),
    key: row.key,
  };
}
