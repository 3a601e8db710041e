import { raw } from "hono/html";
import { Layout } from "../components/layout.js";
import { useLocale, useT } from "../lib/i18n.js";

/** /docs/<file>: one of the repository's docs, rendered (src/web/lib/project-docs.ts). */
export function DocPage(props: { title: string; html: string }) {
  const t = useT();
  const { lang } = useLocale();
  return (
    <Layout title={props.title} description={t("docs.page-description", { title: props.title })}>
      {lang === "en" ? null : <p class="muted">{t("docs.english-only")}</p>}
      <article class="prose doc" lang="en">
        {raw(props.html)}
      </article>
    </Layout>
  );
}

/** /docs/: the list of the docs. */
export function DocIndexPage(props: { docs: Array<{ file: string; title: string }> }) {
  const t = useT();
  const { lang } = useLocale();
  return (
    <Layout title={t("docs.title")} description={t("docs.description")}>
      <article class="prose">
        <h1>{t("docs.title")}</h1>
        {lang === "en" ? null : <p class="muted">{t("docs.english-only")}</p>}
        <ul>
          {props.docs.map((d) => (
            <li>
              <a href={`/docs/${d.file}`}>{d.title}</a>
            </li>
          ))}
        </ul>
      </article>
    </Layout>
  );
}
