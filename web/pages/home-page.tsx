import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";

export interface HomePageProps {
  categories: Array<{ name: string; count: number }>;
  popular: CardItem[];
  recent: CardItem[];
}

/** The home page: search (live with JS), categories with counts, popular and recently updated connectors. */
export function HomePage(props: HomePageProps) {
  return (
    <Layout title="Connectory" description="Find, install and configure MCP connectors for every MCP host.">
      <section class="hero">
        <h1>MCP connectors for every host</h1>
        <p class="lead">
          Find a connector, install it with one command, or copy its configuration into Claude, Cursor, VS
          Code and more.
        </p>
        <SearchForm live />
        <div id="live-results" class="live-results" aria-live="polite"></div>
      </section>
      <section aria-labelledby="cat-h">
        <h2 id="cat-h">Categories</h2>
        <ul class="categories">
          {props.categories.map((c) => (
            <li>
              <a href={`/search?category=${c.name}`} class={c.count === 0 ? "chip chip-quiet" : "chip"}>
                {c.name} <span class="count">{c.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <div class="two-up">
        <section aria-labelledby="pop-h">
          <h2 id="pop-h">Popular</h2>
          <CardList items={props.popular} empty="No connectors yet." />
        </section>
        <section aria-labelledby="recent-h">
          <h2 id="recent-h">Recently updated</h2>
          <CardList items={props.recent} empty="No connectors yet." />
        </section>
      </div>
    </Layout>
  );
}
