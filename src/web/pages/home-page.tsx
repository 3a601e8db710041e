import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";
import { useT } from "../lib/i18n.js";

export interface HomePageProps {
  categories: Array<{ name: string; count: number }>;
  popular: CardItem[];
  recent: CardItem[];
}

/** The home page: search (live with JS), categories with counts, popular and recently updated connectors. */
export function HomePage(props: HomePageProps) {
  const t = useT();
  return (
    <Layout title="Connectory" description={t("home.description")}>
      <section class="hero">
        <h1>{t("home.title")}</h1>
        <p class="lead">{t("home.lead")}</p>
        <SearchForm live />
        <div id="live-results" class="live-results" aria-live="polite"></div>
      </section>
      <section aria-labelledby="cat-h">
        <h2 id="cat-h">{t("home.categories")}</h2>
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
          <h2 id="pop-h">{t("home.popular")}</h2>
          <p class="muted">Most downloaded first, then the highest quality scores.</p>
          <CardList items={props.popular} empty={t("home.empty")} />
        </section>
        <section aria-labelledby="recent-h">
          <h2 id="recent-h">{t("home.recent")}</h2>
          <CardList items={props.recent} empty={t("home.empty")} />
        </section>
      </div>
    </Layout>
  );
}
