import { afterAll, beforeAll, expect, it } from "vitest";
import { docHref, PROJECT_DOCS } from "../../src/web/lib/project-docs.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";

// The web's "Publish a connector" page links to the repository's own docs, which the registry serves
// at /docs/<file> (rendered from docs/*.md): nothing it links leaves this site.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
});
afterAll(() => reg.close());

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

it("the publish page links to the package format, CLI and HTTP API docs, all on this site", async () => {
  const res = await reg.request("/publish");
  expect(res.status).toBe(200);
  const links = hrefs(await res.text());
  for (const doc of ["/docs/package-format.md", "/docs/cli.md", "/docs/http-api.md"])
    expect(links).toContain(doc);
  expect(links.filter((h) => !h.startsWith("/") && !h.startsWith("#"))).toEqual([]);
});

it("every doc is served as a page whose links stay on this site and whose #fragments exist", async () => {
  const pages = new Map<string, string>();
  for (const file of PROJECT_DOCS) {
    const res = await reg.request(`/docs/${file}`);
    expect(res.status, file).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    pages.set(`/docs/${file}`, await res.text());
  }
  const problems: string[] = [];
  for (const [page, html] of pages) {
    for (const href of hrefs(html)) {
      if (/^https:\/\/www\.rfc-editor\.org\//.test(href)) continue;
      if (!href.startsWith("/") && !href.startsWith("#")) problems.push(`${page}: ${href} leaves the site`);
      const [target = "", fragment] = href.split("#");
      const targetHtml = target === "" ? html : pages.get(target);
      if (fragment && targetHtml !== undefined && !targetHtml.includes(` id="${fragment}"`))
        problems.push(`${page}: ${href} names no heading`);
    }
  }
  expect(problems).toEqual([]);
  expect(pages.get("/docs/package-format.md")).toContain('<h2 id="validation-codes">');
  // The index lists them all.
  const index = await (await reg.request("/docs/")).text();
  for (const file of PROJECT_DOCS) expect(index).toContain(`href="/docs/${file}"`);
});

it("a doc that is not served, or a path trying to leave docs/, is the 404 page", async () => {
  for (const p of [
    "/docs/nope.md",
    "/docs/..%2Fpackage.json",
    "/docs/%2e%2e%2fREADME.md",
    "/docs/README.md",
  ]) {
    const res = await reg.request(p);
    expect(res.status, p).toBe(404);
    expect(await res.text()).not.toContain('"dependencies"');
  }
  expect((await reg.request("/docs")).status).toBe(301);
});

it("links written in the docs map to pages of this site", () => {
  expect(docHref("cli.md#validate")).toBe("/docs/cli.md#validate");
  expect(docHref("#problems")).toBe("#problems");
  expect(docHref("../schemas/mcp.schema.json")).toBe("/schemas/mcp.schema.json");
  expect(docHref("../plugins-sample")).toBe("/publish/example.tgz");
  expect(docHref("../package.json")).toBe("/docs/");
  expect(docHref("https://www.rfc-editor.org/rfc/rfc9457")).toBe("https://www.rfc-editor.org/rfc/rfc9457");
});

it("every doc of docs/ is served: a new doc cannot be forgotten", async () => {
  const { readdir } = await import("node:fs/promises");
  const onDisk = (await readdir(new URL("../../docs/", import.meta.url))).filter((f) => f.endsWith(".md"));
  expect([...PROJECT_DOCS].sort()).toEqual(onDisk.sort());
});
