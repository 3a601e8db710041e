import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startTestServer } from "../helpers/registry.js";
import { hostilePackage } from "../web/hostile-package.js";
import { HAS_CHROMIUM, launchBrowser } from "./web-browser.js";
import { HOST_IDS } from "../../src/core/hosts/index.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;

/** Everything a page did that the tests judge: requests, dialogs, console errors, uncaught errors. */
interface Watch {
  requests: string[];
  /** Requests the browser refused to make, with why (e.g. "csp"). */
  failed: Map<string, string>;
  dialogs: string[];
  errors: string[];
}

async function open(path: string): Promise<{ page: Page; watch: Watch }> {
  const page = await context.newPage();
  const watch: Watch = { requests: [], failed: new Map(), dialogs: [], errors: [] };
  page.on("request", (r) => watch.requests.push(r.url()));
  page.on("requestfailed", (r) => watch.failed.set(r.url(), r.failure()?.errorText ?? ""));
  page.on("dialog", (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error") watch.errors.push(m.text());
  });
  page.on("pageerror", (e) => watch.errors.push(String(e)));
  await page.goto(`${server.url}${path}`, { waitUntil: "load" });
  return { page, watch };
}

function expectLocalOnly(watch: Watch): void {
  for (const url of watch.requests) expect(url.startsWith(`${server.url}/`), url).toBe(true);
}

describe.skipIf(!HAS_CHROMIUM)("web marketplace in Debian's chromium", () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const token = await server.token("acme");
    const res = await fetch(`${server.url}/v1/connectors/hostile`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      body: await hostilePackage(),
    });
    expect(res.status).toBe(201);
    browser = await launchBrowser();
    context = browser.context;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test("type a query → open a connector → pick a host tab → copy: the clipboard holds the endpoint's snippet", async () => {
    const { page, watch } = await open("/");
    await page.locator("#q").pressSequentially("weath", { delay: 40 });
    const result = page.locator('#live-list a[href="/c/weather"]');
    await result.waitFor();
    await result.click();
    await page.waitForURL(`${server.url}/c/weather`);

    const tab = page.locator('button[role="tab"][data-host="cursor"]');
    await tab.click();
    expect(await tab.getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("#panel-cursor").isVisible()).toBe(true);
    expect(await page.locator("#panel-claude-desktop").isVisible()).toBe(false);

    // The snippet's own button (the native install line above it has one too).
    const copy = page.locator('#panel-cursor button.copy[data-copy="snippet-cursor-0"]');
    await copy.click();
    await page
      .locator('#panel-cursor button.copy[data-copy="snippet-cursor-0"][data-state="copied"]')
      .waitFor();
    const clipboard = await page.evaluate<string>("navigator.clipboard.readText()");
    const api = (await (
      await fetch(`${server.url}/v1/connectors/weather/1.0.0/config?host=cursor`)
    ).json()) as {
      snippets: Array<{ text: string }>;
    };
    expect(clipboard).toBe(api.snippets[0]?.text);

    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    expectLocalOnly(watch);
    await page.close();
  });

  test("tabs work from the keyboard: arrows move and select, focus is visible", async () => {
    const { page } = await open("/c/tushare");
    const first = page.locator('button[role="tab"]').first();
    await first.focus();
    await page.keyboard.press("ArrowRight");
    const second = page.locator('button[role="tab"]').nth(1);
    expect(await second.getAttribute("aria-selected")).toBe("true");
    expect(
      await page.evaluate<string | null>('document.activeElement?.getAttribute("data-host") ?? null'),
    ).toBe("claude-code");
    expect(await page.locator("#panel-claude-code").isVisible()).toBe(true);
    await page.keyboard.press("End");
    expect(
      await page.evaluate<string | null>('document.activeElement?.getAttribute("data-host") ?? null'),
    ).toBe(HOST_IDS[HOST_IDS.length - 1]);
    await page.keyboard.press("ArrowRight"); // wraps
    expect(
      await page.evaluate<string | null>('document.activeElement?.getAttribute("data-host") ?? null'),
    ).toBe("claude-desktop");
    const outline = await page.evaluate<string>("getComputedStyle(document.activeElement).outlineStyle");
    expect(outline).toBe("solid");
    await page.close();
  });

  test("the hostile README renders inert: no dialog, no script error, no request leaves 127.0.0.1", async () => {
    const { page, watch } = await open("/c/hostile");
    await page.locator(".markdown").hover();
    await page.locator("text=styled div").hover();
    await page.waitForTimeout(300); // let anything that would fire (onerror, onload, refresh) have its chance
    expect(
      await page
        .locator(
          ".markdown script, .markdown style, .markdown iframe, .markdown img, .markdown svg, .markdown form",
        )
        .count(),
    ).toBe(0);
    expect(await page.locator("h1").first().textContent()).toContain(
      'Evil <script>alert("display-name")</script>',
    );
    expect(page.url()).toBe(`${server.url}/c/hostile`);
    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    expectLocalOnly(watch);

    // The hostile SVG icon, opened as a document, is sandboxed by its CSP: its script does not run, and
    // its external <image> is refused by the browser before any request is sent.
    const icon = await open("/icons/hostile/1.0.0");
    await icon.page.waitForTimeout(200);
    expect(icon.watch.dialogs).toEqual([]);
    expect(icon.watch.errors.some((e) => e.includes("Blocked script execution"))).toBe(true);
    for (const url of icon.watch.requests.filter((u) => !u.startsWith(`${server.url}/`))) {
      expect(icon.watch.failed.get(url), url).toBe("csp");
    }
    await icon.page.close();
    await page.close();
  });

  test("pages are readable without JS: search is a plain form, every host panel shows", async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await noJs.context.newPage();
      await page.goto(`${server.url}/`);
      await page.locator("#q").fill("tushare");
      await page.locator("#q").press("Enter");
      await page.waitForURL(`${server.url}/search?q=tushare&category=`);
      await page.locator('a[href="/c/tushare"]').first().click();
      await page.waitForURL(`${server.url}/c/tushare`);
      for (const host of ["claude-desktop", "cursor", "vscode", "codex", "goose"]) {
        expect(await page.locator(`#panel-${host} pre`).first().isVisible(), host).toBe(true);
      }
      expect(await page.locator('[role="tablist"]').isVisible()).toBe(false);
      expect(await page.locator("button.copy").first().isVisible()).toBe(false);
    } finally {
      await noJs.close();
    }
  });

  test("usable at 360 px: no page scrolls sideways", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of [
      "/",
      "/c/tushare",
      "/c/weather",
      "/search?q=a",
      "/publish",
      "/p/connectory-samples",
    ]) {
      await page.goto(`${server.url}${path}`);
      const width = await page.evaluate<number>("document.documentElement.scrollWidth");
      expect(width, path).toBeLessThanOrEqual(360);
    }
    await page.close();
  });
});
