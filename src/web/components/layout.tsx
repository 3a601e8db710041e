import type { Child } from "hono/jsx";
import { LANGUAGES, type Language } from "../../core/text/language.js";
import { assetUrl } from "../lib/assets.js";
import { SCRIPT_KEYS, translator, useLocale, useT } from "../lib/i18n.js";

export interface LayoutProps {
  title: string;
  description?: string;
  /** The search box's text in the header. */
  query?: string;
  children?: Child;
}

/** What each language is called in itself, for the switcher. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", "zh-CN": "简体中文" };

/** The page's address in another language (the switcher's link; `?lang=` also sets the cookie). */
function inLanguage(here: string, lang: Language): string {
  const url = new URL(here, "http://page.invalid");
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}`;
}

/**
 * The browser script's words in the page's language, as JSON data (not code: the CSP runs no inline
 * script). `<` is escaped so no text can close the element.
 */
function scriptMessages(lang: Language): string {
  const t = translator(lang);
  const json = JSON.stringify(Object.fromEntries(SCRIPT_KEYS.map((k) => [k, t(k)])));
  return json.replaceAll("<", "\\u003c");
}

/** The page shell: head (stylesheet, deferred script, no inline code), header with search, footer. */
export function Layout(props: LayoutProps) {
  const t = useT();
  const { lang, here } = useLocale();
  const title = props.title === "Connectory" ? props.title : t("layout.title-suffix", { title: props.title });
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        <link rel="stylesheet" href={assetUrl("style.css")} />
        <link rel="icon" href={assetUrl("logo.svg")} type="image/svg+xml" />
        <script src={assetUrl("shown-title.js")} defer></script>
        <script src={assetUrl("app.js")} defer></script>
        <script
          type="application/json"
          id="ui-messages"
          dangerouslySetInnerHTML={{ __html: scriptMessages(lang) }}
        ></script>
      </head>
      <body>
        <a class="skip" href="#main">
          {t("layout.skip")}
        </a>
        <header class="site-header">
          <div class="wrap header-row">
            <a class="brand" href="/">
              <img src={assetUrl("logo.svg")} alt="" width="28" height="28" />
              <span>Connectory</span>
            </a>
            <nav aria-label={t("layout.site-nav")}>
              <ul class="nav">
                <li>
                  <a href="/search">{t("layout.browse")}</a>
                </li>
                <li>
                  <a href="/publish">{t("layout.publish")}</a>
                </li>
              </ul>
            </nav>
            <nav aria-label={t("layout.language")} class="lang-switch">
              <ul class="nav">
                {LANGUAGES.map((other) => (
                  <li>
                    {other === lang ? (
                      <span aria-current="true" lang={other}>
                        {LANGUAGE_NAMES[other]}
                      </span>
                    ) : (
                      <a href={inLanguage(here, other)} hreflang={other} lang={other}>
                        {LANGUAGE_NAMES[other]}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" class="wrap" tabindex={-1}>
          {props.children}
        </main>
        <footer class="site-footer">
          <div class="wrap">
            <p>
              {t("layout.footer")} <a href="/search">{t("layout.footer-browse")}</a>,{" "}
              <a href="/publish">{t("layout.footer-publish")}</a>, <a href="/api">{t("layout.footer-api")}</a>
              .
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}

/** A full HTML document from a page element. */
export function documentHtml(page: Child): string {
  return `<!DOCTYPE html>${String(page)}`;
}
