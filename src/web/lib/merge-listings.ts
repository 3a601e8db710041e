import type { CardItem } from "../components/connector-card.js";

/**
 * The upstream server a listing stands for: its repository URL, folded (case, `.git`, a trailing slash,
 * and a `/tree/<branch>/<path>` inside it kept, since a monorepo holds many servers), or undefined.
 */
export function upstreamKey(repository: string | undefined): string | undefined {
  if (!repository || !/^https?:\/\//i.test(repository)) return undefined;
  return repository
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
}

/**
 * One card per upstream server on a page of results: the listings of the same repository (the same
 * server imported from several catalogs) fold into the first, best ranked one, which names the others
 * ("also in …"); a publisher's own listings never fold (one repository may hold several of its servers).
 * Order and the first listing are kept; the repository comes with each listing item (no extra read).
 */
export function mergeListings(items: CardItem[]): CardItem[] {
  const keys = items.map((i) => upstreamKey(i.repository));
  const firstOf = new Map<string, CardItem>();
  const out: CardItem[] = [];
  items.forEach((item, i) => {
    const key = keys[i];
    const first = key === undefined ? undefined : firstOf.get(key);
    // One publisher's listings are its own servers (a monorepo holds many): only other publishers' fold.
    if (
      first &&
      first.publisher !== item.publisher &&
      !first.also?.some((a) => a.publisher === item.publisher)
    ) {
      first.also = [...(first.also ?? []), { name: item.name, publisher: item.publisher }];
      return;
    }
    const copy = { ...item };
    if (key !== undefined) firstOf.set(key, copy);
    out.push(copy);
  });
  return out;
}
