import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import { ConnectoryError } from "../../core/errors.js";
import type { Registry } from "../../registry/registry.js";
import { documentHtml } from "../components/layout.js";
import type { ConnectorDocument } from "../../core/api/documents.js";
import { effectiveSort, isSortKey, offeredSorts, searchWords } from "../../core/api/search.js";
import { defaultVersion, toolsOf, toolsSourceOf } from "../lib/documents.js";
import type { HostTab } from "../lib/host-snippets.js";
import { connectorsOf } from "../lib/publisher-connectors.js";
import { inLocale, LANG_COOKIE, requestLocale, translator } from "../lib/i18n.js";
import { localizedReadme } from "../lib/localized-readme.js";
import { pageHeaders } from "../lib/security-headers.js";
import { ConnectorPage } from "../pages/connector-page.js";
import { ErrorPage } from "../pages/error-page.js";
import { HomePage } from "../pages/home-page.js";
import { popularItems } from "../lib/popular.js";
import { mergeListings } from "../lib/merge-listings.js";
import { PublishPage } from "../pages/publish-page.js";
import { PublisherPage } from "../pages/publisher-page.js";
import { SearchPage } from "../pages/search-page.js";

export interface PageDeps {
  registry: Registry;
  /** The host tabs of an exact version (through the config endpoint). */
  hostTabs(name: string, version: string): Promise<HostTab[] | undefined>;
}

/**
 * Sends a page in the request's language (src/web/lib/i18n.tsx) with the security headers every page
 * carries. A `?lang=` choice is remembered in a cookie for a year.
 */
export function sendPage(c: Context, page: unknown, status = 200): Response {
  const locale = requestLocale(c);
  if (locale.chosen)
    setCookie(c, LANG_COOKIE, locale.chosen, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "Lax" });
  return c.body(documentHtml(inLocale(locale, page as never)), status as 200, {
    ...pageHeaders(),
    "content-type": "text/html; charset=utf-8",
    "content-language": locale.lang,
    // The same URL is another page in another language.
    vary: "Accept-Language, Cookie",
  });
}

/** The HTML error page for an expected error (a ConnectoryError with a 4xx status); rethrows anything else. */
export function errorPage(c: Context, error: unknown): Response {
  if (!(error instanceof ConnectoryError) || error.status >= 500) throw error;
  const status = error.status === 400 ? 404 : error.status; // a malformed name in a page URL is a page that does not exist
  const title = status === 404 ? "error.not-found" : "error.bad-request";
  // The registry's own words stay as they are; the page-not-found sentence is the site's, so it is translated.
  const detail =
    error.code === "page.not-found"
      ? translator(requestLocale(c).lang)("error.no-page", {
          path: new URL(c.req.url).pathname.slice(0, 200),
        })
      : error.message;
  return sendPage(c, <ErrorPage status={status} title={title} detail={detail} />, status);
}

/**
 * What a connector page's install command pins: nothing for the connector's page or /latest (a plain
 * install resolves latest too), the tag for another tag (it moves with the tag, as the page does), and
 * the exact version for a version page.
 */
function installRef(
  ref: string | undefined,
  connector: ConnectorDocument,
  version: string,
): string | undefined {
  if (ref === undefined || ref === "latest") return undefined;
  return Object.hasOwn(connector.distTags, ref) ? ref : version;
}

/** Home, search, connector, publisher and publish pages. */
export function pageRoutes(deps: PageDeps): Hono {
  const { registry } = deps;
  const app = new Hono();

  app.get("/", async (c) => {
    const [categories, downloaded, best, recent] = await Promise.all([
      registry.categories(),
      registry.search({ sort: "downloads", limit: "8" }),
      registry.search({ sort: "quality", limit: "8" }),
      registry.search({ sort: "updated", limit: "8" }),
    ]);
    const popular = mergeListings(popularItems(downloaded.items, best.items, 8));
    return sendPage(c, <HomePage categories={categories} popular={popular} recent={recent.items} />);
  });

  app.get("/search", async (c) => {
    const q = c.req.query("q") ?? "";
    const category = c.req.query("category") ?? "";
    const params = { q, category, sort: c.req.query("sort"), cursor: c.req.query("cursor"), limit: "20" };
    const words = searchWords(q);
    // The order the registry runs the search in (an unknown one is its 400, shown below as it was asked).
    const asked = params.sort || undefined;
    const sort = asked === undefined || isSortKey(asked) ? effectiveSort(asked, words) : asked;
    const sorts = offeredSorts(words);
    try {
      const page = await registry.search(params);
      let next: string | undefined;
      if (page.nextCursor) {
        const qs = new URLSearchParams({
          ...(q ? { q } : {}),
          ...(category ? { category } : {}),
          sort,
          cursor: page.nextCursor,
        });
        next = qs.toString();
      }
      const items = mergeListings(page.items);
      return sendPage(
        c,
        <SearchPage query={q} category={category} sort={sort} sorts={sorts} items={items} next={next} />,
      );
    } catch (error) {
      if (!(error instanceof ConnectoryError) || error.status !== 400) throw error;
      return sendPage(
        c,
        <SearchPage
          query={q}
          category={category}
          sort={sort}
          sorts={sorts}
          items={[]}
          next={undefined}
          error={error.message}
        />,
        400,
      );
    }
  });

  const connectorPage = async (c: Context, name: string, ref: string | undefined) => {
    try {
      const connector = await registry.readConnector(name);
      const wanted = ref ?? defaultVersion(connector);
      if (wanted === undefined)
        throw new ConnectoryError("version.not-found", `${name} has no versions`, { status: 404 });
      const version = await registry.readVersion(name, wanted);
      // Rendered and sanitized at publish (src/registry/readme/): a view never parses markdown.
      // The visitor's language's README when the package has one (plugin.json i18n), else README.md.
      const readmeHtml =
        (await localizedReadme(registry, version, requestLocale(c).lang)) ||
        (await registry.readme(name, version.version)) ||
        undefined;
      const tabs = await deps.hostTabs(name, version.version);
      return sendPage(
        c,
        <ConnectorPage
          connector={connector}
          version={version}
          installRef={installRef(ref, connector, version.version)}
          readmeHtml={readmeHtml}
          tabs={tabs}
          tools={toolsOf(version)}
          toolsSource={toolsSourceOf(version)}
        />,
      );
    } catch (error) {
      return errorPage(c, error);
    }
  };
  app.get("/c/:name", (c) => connectorPage(c, c.req.param("name"), undefined));
  app.get("/c/:name/:version", (c) => connectorPage(c, c.req.param("name"), c.req.param("version")));

  app.get("/p/:publisher", async (c) => {
    const publisher = c.req.param("publisher");
    const cursor = c.req.query("cursor") || undefined;
    try {
      // One query; a name that cannot be a publisher or a stale cursor is a 400, shown as a 404 page.
      const { items, next } = await connectorsOf(registry, publisher, cursor);
      if (items.length === 0) {
        throw new ConnectoryError(
          "publisher.not-found",
          `no connectors are published by "${publisher.slice(0, 100)}"`,
          { status: 404 },
        );
      }
      return sendPage(
        c,
        <PublisherPage publisher={publisher} items={items} next={next} continued={cursor !== undefined} />,
      );
    } catch (error) {
      return errorPage(c, error);
    }
  });

  app.get("/publish", (c) => sendPage(c, <PublishPage />));
  return app;
}
