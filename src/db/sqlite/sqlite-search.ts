import type { Database, Statement } from "better-sqlite3";
import { effectiveSort } from "../../core/api/search.js";
import { latestCheckStatus } from "../../core/quality/read-quality.js";
import type { Category } from "../../core/types.js";
import type { ConnectorSummary, SearchQuery } from "../repository.js";
import { badgeOf } from "./sqlite-publishers.js";

// Column weights for bm25 (name, display_name, description, keywords): a name match weighs most.
const BM25 = "bm25(connectors_fts, 10.0, 6.0, 1.0, 3.0)";

// Per sort: the key expression, the order, and the keyset condition that continues after (:k, :n).
const SORTS = {
  relevance: { key: "rank", order: "key ASC, name ASC", after: "(key > :k OR (key = :k AND name > :n))" },
  downloads: {
    key: "c.downloads",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
  updated: {
    key: "c.updated_at",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
  name: { key: "c.name", order: "name ASC", after: "name > :n" },
  quality: {
    key: "c.quality_score",
    order: "key DESC, name ASC",
    after: "(key < :k OR (key = :k AND name > :n))",
  },
} as const;

interface Row {
  name: string;
  display_name: string | null;
  description: string;
  publisher: string;
  version: string | null;
  keywords: string;
  categories: string;
  downloads: number;
  updated_at: string;
  quality_score: number;
  check_summary: string | null;
  verified_domains: string;
  unclaimed: number;
  key: number | string;
}

/**
 * Full-text search and listings over FTS5, with keyset pagination. Statements are prepared once per
 * shape (sort × text × category × publisher × cursor), so a query costs one index walk and no SQL compilation.
 */
export class SqliteSearch {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  run(query: SearchQuery): ConnectorSummary[] {
    const hasText = query.terms.length > 0;
    const sort = effectiveSort(query.sort, query.terms);
    const filters = { category: query.category !== undefined, publisher: query.publisher !== undefined };
    const shape = `${sort}|${hasText}|${filters.category}|${filters.publisher}|${query.after !== undefined}`;
    let stmt = this.cache.get(shape);
    if (!stmt) {
      stmt = this.db.prepare(buildSql(sort, hasText, filters, query.after !== undefined));
      this.cache.set(shape, stmt);
    }
    const params: Record<string, unknown> = { limit: query.limit };
    if (hasText) {
      params.match = query.terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(" ");
      if (sort === "relevance") params.exact = query.terms.join("-");
    }
    if (query.category !== undefined) params.category = query.category;
    if (query.publisher !== undefined) params.publisher = query.publisher;
    if (query.after) {
      params.n = query.after.name;
      if (sort !== "name") params.k = query.after.key;
    }
    return (stmt.all(params) as Row[]).map(toSummary);
  }
}

function buildSql(
  sort: keyof typeof SORTS,
  hasText: boolean,
  filters: { category: boolean; publisher: boolean },
  hasAfter: boolean,
): string {
  const spec = SORTS[sort];
  const where: string[] = [];
  let from = "connectors c";
  let rank = "0";
  if (hasText && sort === "relevance") {
    from = "connectors_fts f JOIN connectors c ON c.id = f.rowid";
    where.push("connectors_fts MATCH :match");
    // An exact name match (`tushare`, `weather-cn` typed as `weather cn`) comes first whatever bm25 says.
    rank = `${BM25} - CASE WHEN c.name = :exact THEN 1000.0 ELSE 0.0 END`;
  } else if (hasText) {
    where.push("c.id IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH :match)");
  }
  if (filters.category) {
    where.push("c.id IN (SELECT connector_id FROM connector_categories WHERE category = :category)");
  }
  // An equality on the indexed column (not `p.name = …` through the join), so the planner walks
  // connectors_publisher_name_idx: that publisher's rows only, already in name order.
  if (filters.publisher) where.push("c.publisher_id = (SELECT id FROM publishers WHERE name = :publisher)");
  const inner = `SELECT c.name AS name, c.display_name, c.description, p.name AS publisher, c.version, c.keywords,
      c.categories, c.downloads, c.updated_at, c.quality_score, c.check_summary, p.verified_domains, p.unclaimed, ${spec.key === "rank" ? rank : spec.key} AS key
    FROM ${from} JOIN publishers p ON p.id = c.publisher_id
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  // The keyset condition sits outside so it can use the computed key (bm25 is only valid in the inner query).
  return `SELECT * FROM (${inner}) ${hasAfter ? `WHERE ${spec.after}` : ""} ORDER BY ${spec.order} LIMIT :limit`;
}

function toSummary(row: Row): ConnectorSummary {
  return {
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    publisher: row.publisher,
    version: row.version,
    keywords: JSON.parse(row.keywords) as string[],
    categories: JSON.parse(row.categories) as Category[],
    downloads: row.downloads,
    updatedAt: row.updated_at,
    quality: Number(row.quality_score),
    checkStatus: latestCheckStatus(row.check_summary),
    publisherBadge: badgeOf({ verifiedDomains: row.verified_domains, unclaimed: row.unclaimed === 1 }),
    key: row.key,
  };
}
