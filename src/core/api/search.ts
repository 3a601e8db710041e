// The rules of a search that every side must agree on: which words a query searches for, and how a
// search is sorted. The registry parses with them, the databases obey them, the web offers its sort links by them.

/** The orders `GET /v1/connectors?sort=` accepts. */
export const SORT_KEYS = ["relevance", "downloads", "updated", "name", "quality"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** A query keeps at most this many words. */
export const MAX_TERMS = 16;

/** True for one of SORT_KEYS. */
export function isSortKey(value: unknown): value is SortKey {
  return (SORT_KEYS as readonly unknown[]).includes(value);
}

/**
 * The words a query searches for: runs of letters and digits after NFKC and lower-casing (so no search
 * syntax ever reaches a database), at most MAX_TERMS.
 */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_TERMS);
}

/**
 * The order a search runs in. Relevance ranks by the words, so it applies only when there are words:
 * without them (asked for or by default) the order is downloads. With words the default is relevance.
 */
export function effectiveSort(requested: SortKey | undefined, words: readonly string[]): SortKey {
  if (words.length === 0)
    return requested === undefined || requested === "relevance" ? "downloads" : requested;
  return requested ?? "relevance";
}

/**
 * How relevance ranks (issue 32: what a person means first). Both databases subtract these from their
 * text rank (bm25 on SQLite, ts_rank on PostgreSQL, lower is better): a connector whose name is the
 * words (`github`, `weather-cn` for `weather cn`) first, then those whose name or title holds every
 * word, then the rest by text rank (name > title > keywords > description). SQLite: sqlite-search.ts;
 * PostgreSQL: pg-search.ts.
 */
export const RANK_BOOST = { exactName: 1000, nameOrTitle: 100 } as const;

/** The orders worth offering for a query: relevance only when there are words. */
export function offeredSorts(words: readonly string[]): SortKey[] {
  return SORT_KEYS.filter((s) => s !== "relevance" || words.length > 0);
}
