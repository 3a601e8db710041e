import { Hono } from "hono";
import { DocIndexPage, DocPage } from "../pages/doc-page.js";
import { PROJECT_DOCS, readProjectDoc } from "../lib/project-docs.js";
import { sendPage } from "./page-routes.js";

/** /docs/ and /docs/<file>.md: the repository's own docs; anything else falls through to the 404 page. */
export function docRoutes(): Hono {
  const app = new Hono();
  app.get("/docs", (c) => c.redirect("/docs/", 301));
  app.get("/docs/", async (c) => {
    const docs = [];
    for (const file of PROJECT_DOCS) {
      const doc = await readProjectDoc(file);
      if (doc) docs.push({ file, title: doc.title });
    }
    return sendPage(c, <DocIndexPage docs={docs} />);
  });
  app.get("/docs/:file", async (c) => {
    const doc = await readProjectDoc(c.req.param("file"));
    if (!doc) return c.notFound();
    return sendPage(c, <DocPage title={doc.title} html={doc.html} />);
  });
  return app;
}
