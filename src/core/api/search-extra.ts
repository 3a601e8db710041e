import type { LocalizedListing } from "./documents.js";
import { cjkGrams } from "../text/cjk.js";

// What search matches beyond a connector's English fields (name, display name, keywords, description,
// which keep their own weighted columns): the translated display names and descriptions of plugin.json
// `i18n`, and the CJK grams (src/core/text/cjk.ts) of all of it, so `星球` finds `知识星球`. SQLite indexes
// it as the FTS5 column `extra`, PostgreSQL as weight-D lexemes of the same vector: matching only, the
// ranking weights of the English fields are untouched.

/** The fields a connector is searched by. */
export interface SearchableText {
  name: string;
  displayName: string | null;
  description: string;
  keywords: string[];
  i18n?: LocalizedListing;
}

/** The `search_extra` text of a connector: its translations, then the grams of every CJK run. */
export function searchExtra(fields: SearchableText): string {
  const translated = Object.values(fields.i18n ?? {}).flatMap((t) => [
    t.displayName ?? "",
    t.description ?? "",
  ]);
  const all = [fields.name, fields.displayName ?? "", ...fields.keywords, fields.description, ...translated];
  const grams = all.flatMap((text) => cjkGrams(text));
  return [...translated.filter((t) => t !== ""), ...grams].join(" ");
}

/** The listing translations of a manifest's `i18n` (displayName, description; the README stays in the version). */
export function localizedListing(
  i18n: Record<string, { displayName?: string; description?: string }> | undefined,
): LocalizedListing | undefined {
  const out: LocalizedListing = {};
  for (const [lang, t] of Object.entries(i18n ?? {})) {
    const entry = {
      ...(t.displayName !== undefined ? { displayName: t.displayName } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
    };
    if (Object.keys(entry).length > 0) out[lang] = entry;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
