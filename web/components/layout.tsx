import type { Child } from "hono/jsx";
import { assetUrl } from "../lib/assets.js";

export interface LayoutProps {
  title: string;
  description?: string;
  /** The search box's text in the header. */
  query?: string;
  children?: Child;
}

/** The page shell: head (stylesheet, deferred script, no inline code), header with search, footer. */
export function Layout(props: LayoutProps) {
  const title = props.title === "Connectory" ? props.title : `${props.title} · Connectory`;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        <link rel="stylesheet" href={assetUrl("style.css")} />
        <link rel="icon" href={assetUrl("logo.svg")} type="image/svg+xml" />
        <script src={assetUrl("app.js")} defer></script>
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="wrap header-row">
            <a class="brand" href="/">
              <img src={assetUrl("logo.svg")} alt="" width="28" height="28" />
              <span>Connectory</span>
            </a>
            <nav aria-label="Site">
              <ul class="nav">
                <li>
                  <a href="/search">Browse</a>
                </li>
                <li>
                  <a href="/publish">Publish a connector</a>
                </li>
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
              Connectory, an open marketplace for MCP connectors: <a href="/search">browse</a>,{" "}
              <a href="/publish">publish yours</a>, <a href="/api">use the API</a>.
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
