import type { PublisherBadge as Badge } from "../../core/api/documents.js";
import { useT } from "../lib/i18n.js";

/**
 * What the registry vouches for about a publisher, beside its name on every card and page: "verified"
 * with the proven domain, or "unclaimed" for a publisher the importer made from another registry.
 * Nothing for an unverified publisher of its own. The browser script builds the same markup (app.js).
 */
export function PublisherBadge({ badge }: { badge: Badge | undefined }) {
  const t = useT();
  if (!badge) return null;
  if (badge.verified) {
    const [first, ...more] = badge.domains;
    return (
      <span
        class="badge badge-verified"
        title={t("badge.verified-title", { domains: badge.domains.join(", ") })}
      >
        {t("badge.verified", { domain: first ?? "" })}
        {more.length > 0 ? ` +${more.length}` : ""}
      </span>
    );
  }
  if (badge.unclaimed) {
    return (
      <span class="badge badge-quiet" title={t("badge.unclaimed-title")}>
        {t("badge.unclaimed")}
      </span>
    );
  }
  return null;
}
