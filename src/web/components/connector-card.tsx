import type { ConnectorListItem } from "../../core/api/documents.js";
import { formatCount, formatDate } from "../lib/format.js";
import { useListing, useT } from "../lib/i18n.js";
import { shownTitle } from "../lib/shown-title.js";
import { iconUrl } from "../lib/urls.js";
import { PublisherBadge } from "./publisher-badge.js";

/** A listing entry, and the other listings of the same upstream server it stands for ("also in …"). */
export type CardItem = ConnectorListItem & { also?: Array<{ name: string; publisher: string }> };

/** One search result / listing entry. The browser script builds the same markup (src/web/static/app.js). */
export function ConnectorCard({ item }: { item: CardItem }) {
  const t = useT();
  const local = useListing(item);
  return (
    <li class="card">
      <img class="icon" src={iconUrl(item.name, item.version)} alt="" width="40" height="40" loading="lazy" />
      <div class="card-body">
        <h3 class="card-title">
          <a href={`/c/${item.name}`}>{local.displayName ?? shownTitle(item)}</a>
        </h3>
        <p class="card-desc">{local.description}</p>
        {item.also && item.also.length > 0 ? (
          <p class="card-also muted">
            {t("card.also")}{" "}
            {item.also.map((a, i) => (
              <>
                {i > 0 ? ", " : ""}
                <a href={`/c/${a.name}`}>{a.name}</a> {t("card.also-by", { publisher: a.publisher })}
              </>
            ))}
          </p>
        ) : null}
        <p class="card-meta muted">
          <span>{item.name}</span> ·{" "}
          <span>
            {t("card.by", { publisher: item.publisher })}
            <PublisherBadge badge={item.publisherBadge} />
          </span>{" "}
          ·{" "}
          <span>
            {t(item.downloads === 1 ? "card.downloads-one" : "card.downloads-other", {
              n: formatCount(item.downloads),
            })}
          </span>{" "}
          · <span title={t("card.quality-title")}>{t("card.quality", { score: item.quality })}</span> ·{" "}
          <span>{t("card.updated", { date: formatDate(item.updatedAt) })}</span>
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
