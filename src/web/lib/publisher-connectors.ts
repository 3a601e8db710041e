import type { Registry } from "../../registry/registry.js";
import type { CardItem } from "../components/connector-card.js";

/** How many connectors a publisher page shows; more go on following pages. */
export const PUBLISHER_PAGE_SIZE = 100;

/**
 * One page of a publisher's connectors, by name: a single search with the `publisher` filter, which the
 * database answers from its (publisher, name) index. `next` is the cursor of the following page.
 */
export async function connectorsOf(
  registry: Registry,
  publisher: string,
  cursor?: string,
): Promise<{ items: CardItem[]; next: string | undefined }> {
  const page = await registry.search({
    publisher,
    sort: "name",
    limit: String(PUBLISHER_PAGE_SIZE),
    ...(cursor ? { cursor } : {}),
  });
  return { items: page.items, next: page.nextCursor ?? undefined };
}
