import { CATEGORIES } from "../../src/core/types.js";

/**
 * The search box: a plain GET form to /search (works without JS); the script adds results as you type
 * into the live region that follows it.
 */
export function SearchForm({
  query = "",
  category = "",
  live = false,
}: {
  query?: string;
  category?: string;
  live?: boolean;
}) {
  return (
    <form class="search" action="/search" method="get" role="search" data-live-search={live ? "" : undefined}>
      <label for="q" class="visually-hidden">
        Search connectors
      </label>
      <input
        id="q"
        name="q"
        type="search"
        value={query}
        placeholder="Search connectors (e.g. weather, github, stocks)"
        autocomplete="off"
        maxlength={200}
      />
      <label for="category" class="visually-hidden">
        Category
      </label>
      <select id="category" name="category">
        <option value="">All categories</option>
        {CATEGORIES.map((c) => (
          <option value={c} selected={c === category}>
            {c}
          </option>
        ))}
      </select>
      <button type="submit">Search</button>
    </form>
  );
}
