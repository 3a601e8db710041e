import { CardList, type CardItem } from "../components/connector-card.js";
import { Layout } from "../components/layout.js";
import { plural } from "../lib/format.js";

/** /p/:publisher: every connector of one publisher. */
export function PublisherPage({ publisher, items }: { publisher: string; items: CardItem[] }) {
  const downloads = items.reduce((n, i) => n + i.downloads, 0);
  return (
    <Layout title={publisher} description={`MCP connectors published by ${publisher}`}>
      <h1>{publisher}</h1>
      <p class="muted">
        Publisher · {plural(items.length, "connector")} · {plural(downloads, "download")}
      </p>
      <CardList items={items} empty="This publisher has no connectors." />
    </Layout>
  );
}
