import type { PublisherBadge as Badge } from "../../src/core/api/documents.js";

/**
 * What the registry vouches for about a publisher, beside its name on every card and page: "verified"
 * with the proven domain, or "unclaimed" for a publisher the importer made from another registry.
 * Nothing for an unverified publisher of its own. The browser script builds the same markup (app.js).
 */
export function PublisherBadge({ badge }: { badge: Badge | undefined }) {
  if (!badge) return null;
  if (badge.verified) {
    const [first, ...more] = badge.domains;
    return (
      <span
        class="badge badge-verified"
        title={`This publisher proved it controls ${badge.domains.join(", ")} (HTTP file or DNS TXT record)`}
      >
        ✓ verified {first}
        {more.length > 0 ? ` +${more.length}` : ""}
      </span>
    );
  }
  if (badge.unclaimed) {
    return (
      <span
        class="badge badge-quiet"
        title="Imported from another registry under its namespace; its owner has not claimed it here, and nobody verified it"
      >
        unverified · unclaimed
      </span>
    );
  }
  return null;
}
