import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { PublisherBadge } from "../components/publisher-badge.js";
import { formatCount } from "../lib/format.js";
import { useT } from "../lib/i18n.js";
import { publisherUrl } from "../lib/urls.js";

export interface PublisherPageProps {
  publisher: string;
  items: CardItem[];
  /** Cursor of the next page, if the publisher has more connectors. */
  next: string | undefined;
  /** Whether this is a later page (reached through a cursor). */
  continued: boolean;
}

/** /p/:publisher: a publisher's connectors by name, a page at a time. */
export function PublisherPage({ publisher, items, next, continued }: PublisherPageProps) {
  const t = useT();
  const downloads = items.reduce((n, i) => n + i.downloads, 0);
  const connectors = t(items.length === 1 ? "publisher.connectors-one" : "publisher.connectors-other", {
    n: formatCount(items.length),
  });
  // Totals only when the whole list is on this page; a longer list says what this page holds.
  const facts =
    next || continued
      ? t("publisher.on-page", { n: connectors })
      : `${connectors} · ${t(downloads === 1 ? "card.downloads-one" : "card.downloads-other", { n: formatCount(downloads) })}`;
  return (
    <Layout title={publisher} description={t("publisher.description", { publisher })}>
      <h1>
        {publisher}
        {/* Every row of a publisher's listing carries the same badge. */}
        <PublisherBadge badge={items[0]?.publisherBadge} />
      </h1>
      <p class="muted">
        {t("publisher.kind")} · {facts}
      </p>
      <CardList items={items} empty={t("publisher.none")} />
      {next ? (
        <p>
          <a class="button" href={`${publisherUrl(publisher)}?cursor=${encodeURIComponent(next)}`} rel="next">
            {t("search.next")}
          </a>
        </p>
      ) : null}
    </Layout>
  );
}
