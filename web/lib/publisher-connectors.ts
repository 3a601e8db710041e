import type { Registry } from "../../src/registry/registry.js";
import type { CardItem } from "../components/connector-card.js";

// The repository has no publisher filter (yet), so a publisher page walks the name-sorted listing in
// pages of 100 and keeps that publisher's entries: one index walk per page, fine for a page that is
// not on the hot path. A `publisher` search filter would make it one query.

/** Every connector of `publisher`, by name. */
export async function connectorsOf(registry: Registry, publisher: string): Promise<CardItem[]> {
  const out: CardItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await registry.search({ sort: "name", limit: "100", ...(cursor ? { cursor } : {}) });
    for (const item of page.items) if (item.publisher === publisher) out.push(item);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
