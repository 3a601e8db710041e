import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOST_IDS } from "../../src/core/hosts/index.js";
import { PAGE_CSP } from "../../src/web/lib/security-headers.js";
import { createTestRegistry, packPackage, publishSamples, type TestRegistry } from "../helpers/registry.js";
import { hostilePackage } from "./hostile-package.js";

let reg: TestRegistry;
let token: string;

/** Decodes the entities hono/jsx writes, to compare page text with API text. */
function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The text of the element with `id` (a <pre>), decoded. */
function preText(html: string, id: string): string | undefined {
  const m = new RegExp(`<pre id="${id}"[^>]*>([\\s\\S]*?)</pre>`).exec(html);
  return m ? decode(m[1] ?? "") : undefined;
}

async function page(path: string, status = 200): Promise<{ res: Response; html: string }> {
  const res = await reg.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 300)}`).toBe(status);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
  // No inline script anywhere: every <script> has a same-origin src and no body, but the one JSON data
  // block of the script's words (not run: the CSP and its type), which holds no `<`.
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (m[1] === ' type="application/json" id="ui-messages"') {
      expect(() => JSON.parse(m[2]!)).not.toThrow();
      expect(m[2]).not.toContain("<");
      continue;
    }
    expect(m[1]).toMatch(/ src="\/static\/(app|shown-title)\.js\?v=[\w-]+"/);
    expect(m[2]).toBe("");
  }
  // Nothing the page loads comes from another origin.
  for (const m of html.matchAll(
    /<(?:img|script|link|iframe|source|video|audio)\b[^>]*\s(?:src|href)="([^"]*)"/g,
  )) {
    expect(m[1]).toMatch(/^\/(?!\/)/);
  }
  return { res, html };
}

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  token = await reg.token("acme");
  const put = async (bytes: Uint8Array, name: string) =>
    expect((await reg.publish(bytes, token, name)).status).toBe(201);
  await put(await hostilePackage(), "hostile");
  for (const version of ["1.0.0", "1.1.0", "2.0.0"]) {
    await put(
      await packPackage({ name: "multi", version, displayName: "Multi & Co", categories: ["other"] }),
      "multi",
    );
  }
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  expect(
    (await reg.request("/v1/connectors/multi/1.0.0/yank", { method: "POST", headers: auth })).status,
  ).toBe(200);
  const deprecate = await reg.request("/v1/connectors/multi/1.1.0/deprecate", {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ message: "use <2.0.0>" }),
  });
  expect(deprecate.status).toBe(200);
});
afterAll(() => reg.close());

describe("home", () => {
  test("has the search form, categories with counts, popular and recently updated connectors", async () => {
    const { html } = await page("/");
    expect(html).toContain(
      '<form class="search" action="/search" method="get" role="search" data-live-search="">',
    );
    expect(html).toMatch(
      /<a href="\/search\?category=weather" class="chip">weather <span class="count">1<\/span><\/a>/,
    );
    expect(html).toMatch(
      /<a href="\/search\?category=maps" class="chip chip-quiet">maps <span class="count">0<\/span><\/a>/,
    );
    expect(html).toContain('id="pop-h">Popular');
    expect(html).toContain('id="recent-h">Recently updated');
    expect(html).toContain('<a href="/c/weather">Weather (bundled sample)</a>');
    expect(html).toContain('<link rel="stylesheet" href="/static/style.css?v=');
  });
});

describe("search", () => {
  test("lists matches without JS", async () => {
    const { html } = await page("/search?q=weather");
    expect(html).toContain('<a href="/c/weather">');
    expect(html).not.toContain('<a href="/c/tushare">');
    expect(html).toContain('value="weather"');
  });

  test("filters by category and escapes the query it echoes", async () => {
    const { html } = await page("/search?category=finance");
    expect(html).toContain('<a href="/c/tushare">');
    const echoed = await page(`/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(echoed.html).not.toContain("<script>alert(1)");
    expect(echoed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("offers relevance only for a query with words, and marks the order the registry used", async () => {
    const current = (html: string) => /<a href="[^"]*" aria-current="true">(\w+)<\/a>/.exec(html)?.[1];
    const words = (await page("/search?q=weather")).html;
    expect(words).toContain(">relevance</a>");
    expect(current(words)).toBe("relevance");
    // Punctuation is no words: the search runs by downloads, so relevance is neither offered nor marked.
    for (const url of ["/search?q=!!!", "/search?sort=relevance", "/search?q=--&sort=relevance"]) {
      const { html } = await page(url);
      expect(html, url).not.toContain(">relevance</a>");
      expect(current(html), url).toBe("downloads");
    }
  });

  test("a bad query is a 400 page naming the problem, not a crash", async () => {
    const before = await reg.snapshot();
    expect((await page("/search?category=nope", 400)).html).toContain("unknown category");
    expect((await page(`/search?q=${"x".repeat(5000)}`, 400)).html).toContain("longer than 200");
    expect((await page("/search?cursor=!!!", 400)).html).toContain("cursor is not valid");
    expect(await reg.snapshot()).toBe(before);
  });
});

describe("connector page", () => {
  test("shows name, icon, publisher, description, README, credentials, skills, servers and versions", async () => {
    const { html } = await page("/c/tushare");
    expect(html).toContain("<title>Tushare Pro · Connectory</title>");
    expect(html).toContain('<img class="icon icon-lg" src="/icons/tushare/1.0.0"');
    expect(html).toContain('<a href="/p/connectory-samples">connectory-samples</a>');
    expect(html).toContain("China A-share, index, fund and futures data");
    expect(html).toContain('<div class="markdown"><h1>Tushare Pro</h1>');
    expect(html).toMatch(
      /<code>TUSHARE_TOKEN<\/code> <span>Tushare token<\/span><span class="badge">secret<\/span><span class="badge">required<\/span>/,
    );
    expect(html).toContain("<code>daily-quotes</code>");
    expect(html).toContain('<span class="badge">streamable-http</span>');
    expect(html).toContain('<a href="/c/tushare/1.0.0" aria-current="page">1.0.0</a>');
    expect(preText(html, "install-cmd")).toBe("connectory install tushare");
  });

  test("each host tab holds exactly the config endpoint's snippet, and the deeplink buttons its links", async () => {
    for (const name of ["tushare", "weather", "github"]) {
      const { html } = await page(`/c/${name}`);
      const hosts = [...html.matchAll(/role="tab" id="tab-([a-z-]+)"/g)].map((m) => m[1] ?? "");
      // Every host of HOSTS gets a tab (cherry-studio included): a new adapter shows up by itself.
      expect(hosts).toEqual([...HOST_IDS]);
      for (const host of hosts) {
        const api = (await (
          await reg.request(`/v1/connectors/${name}/1.0.0/config?host=${host}`)
        ).json()) as {
          snippets: Array<{ text: string; deeplink?: string }>;
          install?: { command: string; notes: string[] };
        };
        api.snippets.forEach((s, i) => expect(preText(html, `snippet-${host}-${i}`)).toBe(s.text));
        // The plugin hosts' tabs show the native one-line install first (issue 25); the others none.
        expect(preText(html, `install-${host}`)).toBe(api.install?.command);
        for (const note of api.install?.notes ?? []) expect(decode(html)).toContain(note);
        if (["cursor", "vscode", "cherry-studio"].includes(host) && api.snippets.length === 1) {
          expect(decode(html)).toContain(`<a class="button" href="${api.snippets[0]?.deeplink}">Add to `);
        }
      }
    }
  });

  test("tabs are buttons with ARIA roles; the tablist and copy buttons wait for JS", async () => {
    const { html } = await page("/c/weather");
    expect(html).toContain('<div class="tablist" role="tablist" aria-label="MCP hosts" hidden="">');
    expect(html).toMatch(
      /<button type="button" role="tab" id="tab-cursor" aria-controls="panel-cursor" aria-selected="false" tabindex="-1"/,
    );
    expect(html).toContain('role="tabpanel" id="panel-cursor" aria-labelledby="tab-cursor"');
    expect(html).toContain(
      '<button type="button" class="copy" data-copy="install-cmd" hidden="">Copy</button>',
    );
  });

  test("versions carry dates and yanked / deprecated marks; a pinned yanked version says so", async () => {
    const { html } = await page("/c/multi");
    expect(html).toContain("<title>Multi &amp; Co · Connectory</title>");
    expect(html).toMatch(
      /1\.0\.0<\/a> <time datetime="[^"]+">\d{4}-\d\d-\d\d<\/time><span class="badge badge-bad">yanked<\/span>/,
    );
    expect(html).toMatch(
      /1\.1\.0<\/a> <time[^>]*>[^<]*<\/time><span class="badge badge-warn" title="use &lt;2.0.0&gt;">deprecated<\/span>/,
    );
    expect(html).toMatch(/2\.0\.0<\/a> <time[^>]*>[^<]*<\/time><span class="badge">latest<\/span>/);
    const yanked = await page("/c/multi/1.0.0");
    expect(yanked.html).toContain("This version was yanked");
    expect(preText(yanked.html, "install-cmd")).toBe("connectory install multi@1.0.0");
    expect((await page("/c/multi/1.1.0")).html).toContain("Deprecated: use &lt;2.0.0&gt;");
    expect((await page("/c/multi/latest")).html).toContain('<span class="version">2.0.0</span>');
  });

  test("the install command pins an explicit version, and not the latest view", async () => {
    const latest = await page("/c/multi/latest");
    expect(latest.html).toContain('<span class="version">2.0.0</span>');
    expect(preText(latest.html, "install-cmd")).toBe("connectory install multi");
    expect(preText((await page("/c/multi")).html, "install-cmd")).toBe("connectory install multi");
    expect(preText((await page("/c/multi/2.0.0")).html, "install-cmd")).toBe(
      "connectory install multi@2.0.0",
    );
  });

  test("a hostile package renders as inert text", async () => {
    const { html } = await page("/c/hostile");
    expect(html).toContain("Evil &lt;script&gt;alert(&quot;display-name&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(&#39;description&#39;)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;alert(&#39;skill&#39;)&lt;/script&gt;");
    expect(html).toContain("Safe text stays: <strong>bold</strong>");
    for (const bad of [
      /<script(?! src="\/static\/(app|shown-title)\.js| type="application\/json" id="ui-messages")/i,
      /(href|src)="\s*(javascript|data):/i,
      /<style/i,
      /<iframe/i,
      /<form(?! class="(search|report-form)")/i, // the page's own search and report forms only
      /<svg/i,
      /<object/i,
      /<embed/i,
      /<meta http-equiv/i,
      /<base/i,
      /\sstyle=/i,
      /<link(?! rel="(stylesheet|icon)" href="\/static\/)/i,
    ]) {
      expect(html).not.toMatch(bad);
    }
    expect(html.match(/id="main"/g)?.length).toBe(1);
    // With attribute values blanked (they are escaped text), no tag carries an event handler.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+=/i);
  });

  test("unknown connectors and versions, and malformed names, get the HTML 404 page", async () => {
    expect((await page("/c/nope", 404)).html).toContain("no connector named &quot;nope&quot;");
    expect((await page("/c/tushare/9.9.9", 404)).html).toContain("has no version 9.9.9");
    expect((await page("/c/Not_A_Name", 404)).html).toContain("<h1>Not found</h1>");
    expect((await page(`/c/${"a".repeat(5000)}`, 404)).html).toContain("<h1>Not found</h1>");
    expect((await page("/c/tushare/%3Cscript%3E", 404)).html).not.toContain("<script>");
  });
});

describe("other pages", () => {
  test("an unmatched browser path gets the HTML 404; unmatched API paths keep problem+json", async () => {
    expect((await page("/no/such/page", 404)).html).toContain("There is no page at /no/such/page");
    for (const path of ["/v1/nope", "/v1"]) {
      const res = await reg.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as { code: string }).code).toBe("route.not-found");
    }
  });

  test("a connector whose remote server declares OAuth says it signs in with OAuth (issue 16)", async () => {
    const { html } = await page("/c/linear");
    expect(html).toContain("signs in with OAuth");
    expect(html).toContain("<code>connectory auth linear</code>");
    expect((await page("/c/tdx")).html).not.toContain("signs in with OAuth");
  });

  test("the publisher page lists the publisher's connectors; an unknown one is a 404", async () => {
    const { html } = await page("/p/connectory-samples");
    for (const name of ["tushare", "weather", "github", "tdx"])
      expect(html).toContain(`<a href="/c/${name}">`);
    expect(html).not.toContain('<a href="/c/hostile">');
    await page("/p/nobody", 404);
  });

  test("the publish page documents the format and links the schemas and the example package", async () => {
    const { html } = await page("/publish");
    for (const schema of ["plugin", "mcp", "token-schema"])
      expect(html).toContain(`<a href="/schemas/${schema}.schema.json">`);
    expect(html).toContain('<a href="/publish/example.tgz">example package</a>');
    expect(html).toContain("token-schema.json");
  });

  test("unknown pages get the HTML 404; unknown API routes keep problem+json", async () => {
    expect((await page("/no/such/page", 404)).html).toContain("There is no page at /no/such/page");
    const api = await reg.request("/v1/nope");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/problem+json");
  });
});
