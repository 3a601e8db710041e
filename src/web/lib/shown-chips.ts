/**
 * The chips under a connector's title: its categories, then the keywords that add something, each once
 * (case-insensitive). A keyword equal to a category or to the name, or one that is an upstream namespace
 * or a URL (`io.github.acme/tools`, `https://…`), says nothing a reader does not already see.
 */
export function shownChips(m: { name: string; categories?: string[]; keywords?: string[] }): {
  categories: string[];
  keywords: string[];
} {
  const seen = new Set<string>([m.name.toLowerCase()]);
  const categories = (m.categories ?? []).filter((c) => !seen.has(c) && (seen.add(c), true));
  const keywords = (m.keywords ?? []).filter((k) => {
    const key = k.toLowerCase();
    if (seen.has(key) || /[/:]/.test(key) || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(key)) return false;
    seen.add(key);
    return true;
  });
  return { categories, keywords };
}
