import { Layout } from "../components/layout.js";
import { SearchForm } from "../components/search-form.js";

/** The HTML page for 404s (and other errors) outside the API. */
export function ErrorPage({ status, title, detail }: { status: number; title: string; detail: string }) {
  return (
    <Layout title={title}>
      <h1>{title}</h1>
      <p>{detail}</p>
      {status === 404 ? (
        <>
          <p>
            Try a search, or go back to the <a href="/">home page</a>.
          </p>
          <SearchForm />
        </>
      ) : null}
    </Layout>
  );
}
