import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createContext, useContext, type Child } from "hono/jsx";
import type { LocalizedListing } from "../../core/api/documents.js";
import {
  acceptedLanguage,
  fillMessage,
  LANGUAGES,
  localizedText,
  type Language,
} from "../../core/text/language.js";
import { en, type WebMessageKey } from "./messages-en.js";
import { zhCN } from "./messages-zh-cn.js";

// The web marketplace's words in English and Simplified Chinese. A page is rendered inside a
// LanguageContext (sendPage), so every component asks useT() for its words and no prop threads the language.

/** The message tables, complete by type (and by test/web/i18n-tables.test.ts: no key missing or unused). */
export const WEB_MESSAGES: Record<Language, Record<WebMessageKey, string>> = { en, "zh-CN": zhCN };

/** The cookie the language switcher sets. */
export const LANG_COOKIE = "lang";

/** What a page is rendered for: the language, and the page's own path and query (for the switcher). */
export interface PageLocale {
  lang: Language;
  /** The path and query of the request, without `lang`. */
  here: string;
}

const LanguageContext = createContext<PageLocale>({ lang: "en", here: "/" });

/**
 * The language of a request: `?lang=` (the switcher's link; remembered in a cookie), else the cookie,
 * else the best of Accept-Language, else English. `chosen` is set when `?lang=` named a supported one.
 */
export function requestLocale(c: Context): PageLocale & { chosen?: Language } {
  const url = new URL(c.req.url);
  const asked = exactLanguage(url.searchParams.get("lang"));
  url.searchParams.delete("lang");
  const here = `${url.pathname}${url.search}`;
  if (asked) return { lang: asked, here, chosen: asked };
  const lang =
    exactLanguage(getCookie(c, LANG_COOKIE)) ?? acceptedLanguage(c.req.header("accept-language")) ?? "en";
  return { lang, here };
}

/** `?lang=` and the cookie name a language exactly (case aside): they are ours, not a browser's guess. */
function exactLanguage(value: string | null | undefined): Language | undefined {
  return LANGUAGES.find((lang) => lang.toLowerCase() === value?.toLowerCase());
}

/** A page rendered for a locale. */
export function inLocale(locale: PageLocale, page: Child): Child {
  return <LanguageContext.Provider value={locale}>{page}</LanguageContext.Provider>;
}

/** The locale the page is being rendered for. */
export function useLocale(): PageLocale {
  return useContext(LanguageContext);
}

/** A message of the page's language, placeholders filled. */
export type Translate = (key: WebMessageKey, params?: Record<string, string | number>) => string;

/** The translate function of the page being rendered. */
export function useT(): Translate {
  return translator(useContext(LanguageContext).lang);
}

/** The translate function of a language (for code outside a render). */
export function translator(lang: Language): Translate {
  const table = WEB_MESSAGES[lang];
  return (key, params) => fillMessage(table[key], params);
}

/** A connector's display name and description in the page's language (plugin.json `i18n`), else English. */
export function useListing(item: {
  displayName?: string | null;
  description: string;
  i18n?: LocalizedListing;
}): { displayName: string | undefined; description: string } {
  const local = localizedText(item.i18n, useContext(LanguageContext).lang);
  return {
    displayName: local.displayName ?? item.displayName ?? undefined,
    description: local.description ?? item.description,
  };
}

/** The messages the browser script needs (src/web/static/app.js), embedded in each page as JSON. */
export const SCRIPT_KEYS = [
  "js.copy",
  "js.copied",
  "js.press-ctrl-c",
  "js.by",
  "js.verified",
  "js.unclaimed",
  "js.quality",
  "js.downloads-one",
  "js.downloads-other",
  "js.no-match",
  "js.results-for",
  "js.all-results",
] as const satisfies readonly WebMessageKey[];
