import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { HAS_CHROMIUM, launchBrowser } from "./web-browser.js";

// The README's screenshots (docs/home.png, docs/connector.png) and those of issue 32 (docs/search.png,
// docs/imported.png, docs/skills.png, and each of them in Simplified Chinese as docs/<page>.zh-CN.png),
// taken with the real chromium against a registry seeded as `npm start` seeds it: plugins-sample/ and
// the real catalogs of catalogs/.
// `UPDATE_SCREENSHOTS=1 npx vitest run test/e2e/web-screenshots.test.ts` rewrites them; otherwise they go
// to a temp folder, so the test still proves the pages render.

const UPDATE = process.env.UPDATE_SCREENSHOTS === "1";
let server: Awaited<ReturnType<typeof startTestServer>>;
let outDir: string;

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  server = await startTestServer({ seed: true, catalogs: true });
  await server.catalogSeed;
  // Some downloads, so "Popular" has an order worth showing.
  const downloads: Record<string, number> = { tushare: 5, weather: 4, github: 3, "brave-search": 2, tdx: 1 };
  for (const [name, n] of Object.entries(downloads)) {
    for (let i = 0; i < n; i++)
      await (await fetch(`${server.url}/v1/connectors/${name}/latest/tarball`)).arrayBuffer();
  }
  outDir = UPDATE ? path.join(ROOT, "docs") : await fs.mkdtemp(path.join(os.tmpdir(), "connectory-shots-"));
}, 480_000);
afterAll(async () => {
  await server?.close();
  if (outDir && !UPDATE) await fs.rm(outDir, { recursive: true, force: true });
});

test.skipIf(!HAS_CHROMIUM)(
  "screenshots of the home page and a connector page",
  async () => {
    const browser = await launchBrowser({ width: 1200, height: 900 });
    try {
      const page = await browser.context.newPage();
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(`${server.url}/`);
      // A word the samples and the imported catalogs both answer: the README shows the whole marketplace.
      await page.locator("#q").pressSequentially("database", { delay: 30 });
      await page.locator("#live-list").waitFor();
      // Issue 32 #8: the README's screenshot showed only the samples. It shows imported entries too.
      const samples = await fs.readdir(path.join(ROOT, "plugins-sample"));
      const shown = await page
        .locator("#live-list a[href^='/c/']")
        .evaluateAll((as) => as.map((a) => (a.getAttribute("href") ?? "").slice(3)));
      expect(shown.filter((name) => !samples.includes(name)).length).toBeGreaterThan(2);
      await page.locator("#q").blur();
      await page.screenshot({ path: path.join(outDir, "home.png"), fullPage: true });

      await page.goto(`${server.url}/c/tushare`);
      await page.locator('button[role="tab"][data-host="cursor"]').click();
      await page.evaluate("window.scrollTo(0, 0)");
      await page.screenshot({ path: path.join(outDir, "connector.png"), fullPage: false });

      await page.goto(`${server.url}/search?q=github`);
      await page.screenshot({ path: path.join(outDir, "search.png"), fullPage: false });
      // An imported entry (the Docker catalog's GitHub server) and a skills-only plugin (Claude's marketplace).
      await page.goto(`${server.url}/c/github-official`);
      await page.screenshot({ path: path.join(outDir, "imported.png"), fullPage: false });
      await page.goto(`${server.url}/c/frontend-design`);
      await page.screenshot({ path: path.join(outDir, "skills.png"), fullPage: false });

      // The same pages in Simplified Chinese (issue 32 #11), as a visitor who picked 中文 sees them.
      const zh = (p: string) => `${server.url}${p}${p.includes("?") ? "&" : "?"}lang=zh-CN`;
      await page.goto(zh("/"));
      await page.locator("#q").pressSequentially("github", { delay: 30 });
      await page.locator("#live-list").waitFor();
      await page.locator("#q").blur();
      await page.screenshot({ path: path.join(outDir, "home.zh-CN.png"), fullPage: true });
      await page.goto(zh("/c/tushare"));
      await page.locator('button[role="tab"][data-host="cursor"]').click();
      await page.evaluate("window.scrollTo(0, 0)");
      await page.screenshot({ path: path.join(outDir, "connector.zh-CN.png"), fullPage: false });
      await page.goto(zh(`/search?q=${encodeURIComponent("股票")}`));
      await page.screenshot({ path: path.join(outDir, "search.zh-CN.png"), fullPage: false });
      await page.goto(zh("/c/github-official"));
      await page.screenshot({ path: path.join(outDir, "imported.zh-CN.png"), fullPage: false });
      await page.goto(zh("/c/frontend-design"));
      await page.screenshot({ path: path.join(outDir, "skills.zh-CN.png"), fullPage: false });
      expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");

      const pages = ["home", "connector", "search", "imported", "skills"];
      for (const file of pages.flatMap((p) => [`${p}.png`, `${p}.zh-CN.png`])) {
        const bytes = await fs.readFile(path.join(outDir, file));
        expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(bytes.length).toBeGreaterThan(10_000);
      }
    } finally {
      await browser.close();
    }
  },
  120_000,
);
