import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";
import { useT } from "../lib/i18n.js";
import type { WebMessageKey } from "../lib/messages-en.js";

/** The HTML page for 404s (and other errors) outside the API. */
export function ErrorPage({
  status,
  title,
  detail,
}: {
  status: number;
  title: WebMessageKey;
  detail: string;
}) {
  const t = useT();
  return (
    <Layout title={t(title)}>
      <h1>{t(title)}</h1>
      <p>{detail}</p>
      {status === 404 ? (
        <>
          <p>
            {t("error.try")} <a href="/">{t("error.home")}</a>.
          </p>
          <SearchForm />
        </>
      ) : null}
    </Layout>
  );
}
