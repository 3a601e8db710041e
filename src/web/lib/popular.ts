/**
 * "Popular" on the home page, by signals that exist: connectors people downloaded, most first; the rest
 * of the list by quality score (verified publishers, packages that pass their checks), so a fresh
 * registry of imports with no downloads shows its best entries, not the first of the alphabet.
 */
export function popularItems<T extends { name: string; downloads: number }>(
  byDownloads: T[],
  byQuality: T[],
  limit: number,
): T[] {
  const out = byDownloads.filter((i) => i.downloads > 0);
  for (const item of byQuality) if (!out.some((o) => o.name === item.name)) out.push(item);
  return out.slice(0, limit);
}
