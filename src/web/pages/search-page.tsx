import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";
import { isSortKey, type SortKey } from "../../core/api/search.js";
import { useT } from "../lib/i18n.js";
import type { WebMessageKey } from "../lib/messages-en.js";

const SORT_LABELS: Record<SortKey, WebMessageKey> = {
  relevance: "sort.relevance",
  downloads: "sort.downloads",
  updated: "sort.updated",
  name: "sort.name",
  quality: "sort.quality",
};

export interface SearchPageProps {
  query: string;
  category: string;
  sort: string;
  /** The orders to link to (offeredSorts: relevance only when the query has words). */
  sorts: readonly string[];
  items: CardItem[];
  /** Query string of the next page, if there is one. */
  next: string | undefined;
  /** A message when the query itself was rejected (too long, unknown category). */
  error?: string;
}

/** /search: results without JS, with sort links and keyset pagination. */
export function SearchPage(props: SearchPageProps) {
  const t = useT();
  const heading = props.query
    ? t("search.results-for", { q: props.query })
    : props.category
      ? t("search.category", { category: props.category })
      : t("search.all");
  const link = (sort: string) => {
    const params = new URLSearchParams();
    if (props.query) params.set("q", props.query);
    if (props.category) params.set("category", props.category);
    params.set("sort", sort);
    return `/search?${params.toString()}`;
  };
  return (
    <Layout title={heading}>
      <h1>{heading}</h1>
      <SearchForm query={props.query} category={props.category} />
      {props.error ? (
        <p class="alert alert-bad" role="alert">
          {props.error}
        </p>
      ) : (
        <>
          <nav aria-label={t("search.sort-label")} class="sorts">
            {t("search.sort")}{" "}
            {props.sorts.map((s) => (
              <a href={link(s)} aria-current={s === props.sort ? "true" : undefined}>
                {isSortKey(s) ? t(SORT_LABELS[s]) : s}
              </a>
            ))}
          </nav>
          <CardList items={props.items} empty={t("search.none")} />
          {props.next ? (
            <p>
              <a class="button" href={`/search?${props.next}`} rel="next">
                {t("search.next")}
              </a>
            </p>
          ) : null}
        </>
      )}
    </Layout>
  );
}
