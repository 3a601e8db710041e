import { ConnectoryError } from "../core/errors.js";
import { CATEGORIES, type Category } from "../core/types.js";
import { effectiveSort, isSortKey, searchWords, SORT_KEYS } from "../core/api/search.js";
import type { ConnectorSummary, SearchQuery } from "../db/listing-queries.js";
import { clip } from "./names.js";
import { NAME } from "../core/names.js";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
const MAX_QUERY = 200;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The query string of `GET /v1/connectors`, as given (absent keys undefined). */
export interface SearchParams {
  q?: string;
  category?: string;
  /** Only this publisher's connectors. */
  publisher?: string;
  sort?: string;
  limit?: string;
  cursor?: string;
}

function bad(code: string, message: string, hint?: string): ConnectoryError {
  return new ConnectoryError(code, message, { status: 400, ...(hint ? { hint } : {}) });
}

/**
 * Validates search parameters into a repository query: the words and the order by the rules of
 * src/core/api/search.ts (searchWords, effectiveSort).
 */
export function parseSearch(params: SearchParams): SearchQuery {
  const q = params.q ?? "";
  if (q.length > MAX_QUERY) throw bad("query.q.too-long", `q is longer than ${MAX_QUERY} characters`);
  const terms = searchWords(q);

  let category: Category | undefined;
  if (params.category !== undefined && params.category !== "") {
    if (!(CATEGORIES as readonly string[]).includes(params.category)) {
      throw bad(
        "query.category.unknown",
        `unknown category "${clip(params.category)}"`,
        `one of: ${CATEGORIES.join(", ")}`,
      );
    }
    category = params.category as Category;
  }

  let publisher: string | undefined;
  if (params.publisher !== undefined && params.publisher !== "") {
    // Publisher names follow the connector name rule (docs/package-format.md), so anything else matches nothing.
    if (!NAME.test(params.publisher)) {
      throw bad(
        "query.publisher.invalid",
        `"${clip(params.publisher)}" is not a publisher name`,
        "publisher names are 1-64 lower-case letters, digits and inner hyphens",
      );
    }
    publisher = params.publisher;
  }

  const sortText = params.sort === undefined || params.sort === "" ? undefined : params.sort;
  if (sortText !== undefined && !isSortKey(sortText)) {
    throw bad("query.sort.unknown", `unknown sort "${clip(sortText)}"`, `one of: ${SORT_KEYS.join(", ")}`);
  }
  const sort = effectiveSort(sortText, terms);

  let limit = DEFAULT_LIMIT;
  if (params.limit !== undefined && params.limit !== "") {
    if (!/^\d{1,3}$/.test(params.limit) || Number(params.limit) < 1 || Number(params.limit) > MAX_LIMIT) {
      throw bad("query.limit.invalid", `limit must be a whole number from 1 to ${MAX_LIMIT}`);
    }
    limit = Number(params.limit);
  }

  const query: SearchQuery = {
    terms,
    sort,
    limit,
    ...(category ? { category } : {}),
    ...(publisher ? { publisher } : {}),
  };
  if (params.cursor !== undefined && params.cursor !== "") query.after = decodeCursor(params.cursor, query);
  return query;
}

/**
 * A cursor is opaque to clients: base64url JSON of the sort, a fingerprint of the query, and the last
 * item's sort key and name. It is only valid for the same query and sort.
 */
export function encodeCursor(query: SearchQuery, last: ConnectorSummary): string {
  return Buffer.from(JSON.stringify([query.sort, fingerprint(query), last.key, last.name])).toString(
    "base64url",
  );
}

function decodeCursor(cursor: string, query: SearchQuery): { key: number | string; name: string } {
  const invalid = bad(
    "query.cursor.invalid",
    "the cursor is not valid for this query",
    "start again without `cursor`",
  );
  if (cursor.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value) || value.length !== 4) throw invalid;
  const [sort, print, key, name] = value as unknown[];
  // Strings go to the database as parameters: a control character (PostgreSQL refuses U+0000 in text)
  // would make a forged cursor a 500. A real cursor's name is a connector name, its key a name or a time.
  const keyOk =
    sort === "relevance" || sort === "downloads" || sort === "quality"
      ? Number.isFinite(key)
      : typeof key === "string" && !CONTROL.test(key);
  if (sort !== query.sort || print !== fingerprint(query) || !keyOk || typeof name !== "string")
    throw invalid;
  if (!NAME.test(name)) throw invalid;
  return { key: key as number | string, name };
}

function fingerprint(query: SearchQuery): string {
  // The publisher part only when filtered, so cursors issued before the filter existed stay valid.
  const base = `${query.terms.join(" ")}|${query.category ?? ""}`;
  return query.publisher === undefined ? base : `${base}|${query.publisher}`;
}
