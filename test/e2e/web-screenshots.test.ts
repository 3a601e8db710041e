import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { HAS_CHROMIUM, launchBrowser } from "./web-browser.js";

// The README's screenshots (docs/home.png, docs/connector.png), taken with the real chromium against a
// registry seeded with plugins-sample/. `UPDATE_SCREENSHOTS=1 npx vitest run test/e2e/web-screenshots.test.ts`
// rewrites them; otherwise they go to a temp folder, so the test still proves the pages render.

const UPDATE = process.env.UPDATE_SCREENSHOTS === "1";
let server: Awaited<ReturnType<typeof startTestServer>>;
let outDir: string;

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  server = await startTestServer({ seed: true });
  // Some downloads, so "Popular" has an order worth showing.
  const downloads: Record<string, number> = { tushare: 5, weather: 4, github: 3, "brave-search": 2, tdx: 1 };
  for (const [name, n] of Object.entries(downloads)) {
    for (let i = 0; i < n; i++)
      await (await fetch(`${server.url}/v1/connectors/${name}/latest/tarball`)).arrayBuffer();
  }
  outDir = UPDATE ? path.join(ROOT, "docs") : await fs.mkdtemp(path.join(os.tmpdir(), "connectory-shots-"));
});
afterAll(async () => {
  await server?.close();
  if (outDir && !UPDATE) await fs.rm(outDir, { recursive: true, force: true });
});

test.skipIf(!HAS_CHROMIUM)("screenshots of the home page and a connector page", async () => {
  const browser = await launchBrowser({ width: 1200, height: 900 });
  try {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${server.url}/`);
    await page.locator("#q").pressSequentially("stock", { delay: 30 });
    await page.locator("#live-list").waitFor();
    await page.locator("#q").blur();
    await page.screenshot({ path: path.join(outDir, "home.png"), fullPage: true });

    await page.goto(`${server.url}/c/tushare`);
    await page.locator('button[role="tab"][data-host="cursor"]').click();
    await page.evaluate("window.scrollTo(0, 0)");
    await page.screenshot({ path: path.join(outDir, "connector.png"), fullPage: false });

    for (const file of ["home.png", "connector.png"]) {
      const bytes = await fs.readFile(path.join(outDir, file));
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  } finally {
    await browser.close();
  }
});
