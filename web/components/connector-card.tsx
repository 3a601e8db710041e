import type { ConnectorListItem } from "../../src/core/api/documents.js";
import { formatDate, plural } from "../lib/format.js";
import { iconUrl } from "../lib/urls.js";
import { PublisherBadge } from "./publisher-badge.js";

export type CardItem = ConnectorListItem;

/** One search result / listing entry. The browser script builds the same markup (web/static/app.js). */
export function ConnectorCard({ item }: { item: CardItem }) {
  return (
    <li class="card">
      <img class="icon" src={iconUrl(item.name, item.version)} alt="" width="40" height="40" loading="lazy" />
      <div class="card-body">
        <h3 class="card-title">
          <a href={`/c/${item.name}`}>{item.displayName ?? item.name}</a>
          {item.version ? <span class="muted"> {item.version}</span> : null}
        </h3>
        <p class="card-desc">{item.description}</p>
        <p class="card-meta muted">
          <span>{item.name}</span> ·{" "}
          <span>
            by {item.publisher}
            <PublisherBadge badge={item.publisherBadge} />
          </span>{" "}
          · <span>{plural(item.downloads, "download")}</span> ·{" "}
          <span title="quality score (docs/quality.md)">quality {item.quality}</span> ·{" "}
          <span>updated {formatDate(item.updatedAt)}</span>
        </p>
      </div>
    </li>
  );
}

/** A list of cards, or a line saying there are none. */
export function CardList({ items, empty, id }: { items: CardItem[]; empty: string; id?: string }) {
  if (items.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class="cards" id={id}>
      {items.map((item) => (
        <ConnectorCard item={item} />
      ))}
    </ul>
  );
}
