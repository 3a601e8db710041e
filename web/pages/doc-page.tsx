import { raw } from "hono/html";
import { Layout } from "../components/layout.js";

/** /docs/<file>: one of the repository's docs, rendered (web/lib/project-docs.ts). */
export function DocPage(props: { title: string; html: string }) {
  return (
    <Layout title={props.title} description={`Connectory documentation: ${props.title}`}>
      <article class="prose doc">{raw(props.html)}</article>
    </Layout>
  );
}

/** /docs/: the list of the docs. */
export function DocIndexPage(props: { docs: Array<{ file: string; title: string }> }) {
  return (
    <Layout title="Documentation" description="The contracts of Connectory: package format, CLI, HTTP API.">
      <article class="prose">
        <h1>Documentation</h1>
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
