import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { PublisherBadge } from "../components/publisher-badge.js";
import { plural } from "../lib/format.js";
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
  const downloads = items.reduce((n, i) => n + i.downloads, 0);
  // Totals only when the whole list is on this page; a longer list says what this page holds.
  const facts =
    next || continued
      ? `${plural(items.length, "connector")} on this page`
      : `${plural(items.length, "connector")} · ${plural(downloads, "download")}`;
  return (
    <Layout title={publisher} description={`MCP connectors published by ${publisher}`}>
      <h1>
        {publisher}
        {/* Every row of a publisher's listing carries the same badge. */}
        <PublisherBadge badge={items[0]?.publisherBadge} />
      </h1>
      <p class="muted">Publisher · {facts}</p>
      <CardList items={items} empty="This publisher has no connectors." />
      {next ? (
        <p>
          <a class="button" href={`${publisherUrl(publisher)}?cursor=${encodeURIComponent(next)}`} rel="next">
            Next page
          </a>
        </p>
      ) : null}
    </Layout>
  );
}
