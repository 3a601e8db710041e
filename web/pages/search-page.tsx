import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";

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
  const heading = props.query
    ? `Results for “${props.query}”`
    : props.category
      ? `Category: ${props.category}`
      : "All connectors";
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
          <nav aria-label="Sort" class="sorts">
            Sort:{" "}
            {props.sorts.map((s) => (
              <a href={link(s)} aria-current={s === props.sort ? "true" : undefined}>
                {s}
              </a>
            ))}
          </nav>
          <CardList items={props.items} empty="No connectors match." />
          {props.next ? (
            <p>
              <a class="button" href={`/search?${props.next}`} rel="next">
                Next page
              </a>
            </p>
          ) : null}
        </>
      )}
    </Layout>
  );
}
