import type { LocalizedListing } from "../api/documents.js";

// The languages Connectory's own words come in (the web marketplace and the CLI), how a request or an
// environment picks one, and which of a connector's translations (plugin.json `i18n`) a language reads.

/** The languages of the web's and the CLI's message tables; the first is the fallback. */
export const LANGUAGES = ["en", "zh-CN"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The supported language a tag or locale names, or undefined: `zh`, `zh-CN`, `zh-Hans-SG`, `zh_CN.UTF-8`
 * and `zh-TW` read Simplified Chinese (the nearest table there is); `en`, `en-GB`, `C`, `POSIX` read English.
 */
export function supportedLanguage(tag: string | undefined): Language | undefined {
  const base = tag?.trim().split(/[.@]/)[0]?.replaceAll("_", "-").toLowerCase();
  if (!base) return undefined;
  if (base === "c" || base === "posix") return "en";
  const primary = base.split("-")[0];
  if (primary === "zh") return "zh-CN";
  if (primary === "en") return "en";
  return undefined;
}

/** The best supported language of an Accept-Language header (by q, then order), or undefined. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag !== "" && r.tag !== "*" && r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const found = supportedLanguage(r.tag);
    if (found) return found;
  }
  return undefined;
}

/**
 * A connector's display text in a language: the translation with that exact tag, else one of the same
 * primary language (`zh-CN` reads `zh` or `zh-Hans`), else nothing; English (the fields themselves) for `en`.
 */
export function localizedText(
  i18n: LocalizedListing | undefined,
  lang: Language,
): { displayName?: string; description?: string } {
  if (!i18n || lang === "en") return {};
  return i18n[lang] ?? Object.entries(i18n).find(([tag]) => supportedLanguage(tag) === lang)?.[1] ?? {};
}

/** A message with its `{name}` placeholders filled; an unknown placeholder stays as written. */
export function fillMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}
