import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Debian's chromium, which CI installs (.ci/services). */
export const CHROMIUM = "/usr/bin/chromium";
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);
if (!HAS_CHROMIUM) {
  console.warn(
    `web e2e: skipped, ${CHROMIUM} is absent (install Debian's chromium: apt-get install -y chromium)`,
  );
}

/** A headless chromium with a fresh profile folder; close() removes it. */
export async function launchBrowser(
  options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "connectory-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
