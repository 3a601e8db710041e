import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_README_BYTES } from "../../src/core/package/display-limits.js";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { createReadmeRenderer } from "../../src/registry/readme/readme-renderer.js";
import { readmeHtml } from "../../src/registry/readme/readme-html.js";
import {
  createTestRegistry,
  makePackage,
  packDir,
  packPackage,
  type TestRegistry,
} from "../helpers/registry.js";

// Issue 12, class 2: one README could freeze the registry. A page view parsed the markdown on the event
// loop (seconds for a few hundred KiB of tables), and nothing capped its size.

/** The slowest markdown found for its size (bench/readme.ts compares the candidates): empty table cells. */
function worstMarkdown(bytes: number): string {
  return "|a|\n|-|\n" + "|\n".repeat(Math.floor((bytes - 8) / 2));
}

let reg: TestRegistry;
let acme: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  expect(
    (await reg.publish(await packDir("weather"), await reg.token("connectory-samples"), "weather")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

describe("README size cap", () => {
  it("validate refuses a README over 256 KiB with a coded error", () => {
    const report = validatePackage(
      makePackage({ name: "big", version: "1.0.0" }, { "README.md": "a".repeat(MAX_README_BYTES + 1) }),
    );
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ code: "readme.file.too-large", severity: "error", file: "README.md" }),
    );
    const fits = validatePackage(
      makePackage({ name: "big", version: "1.0.0" }, { "README.md": "a".repeat(MAX_README_BYTES) }),
    );
    expect(fits.ok).toBe(true);
  });

  it("publish refuses it with 422 and changes nothing; so too an oversized mcp.json or token-schema text", async () => {
    const before = await reg.snapshot();
    const huge = await packPackage(
      { name: "huge", version: "1.0.0" },
      { "README.md": "| a |\n|---|\n".repeat(30_000) },
    );
    const res = await reg.publish(huge, acme, "huge");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; errors: Array<{ code: string }> };
    expect(body.code).toBe("publish.invalid");
    expect(body.errors.map((e) => e.code)).toContain("readme.file.too-large");
    const schema = JSON.stringify({
      type: "object",
      properties: { API_KEY: { type: "string", title: "t".repeat(201), description: "d".repeat(2001) } },
    });
    const texts = await packPackage({ name: "huge", version: "1.0.0" }, { "token-schema.json": schema });
    const second = (await (await reg.publish(texts, acme, "huge")).json()) as {
      errors: Array<{ code: string }>;
    };
    expect(second.errors.map((e) => e.code)).toEqual(
      expect.arrayContaining(["token-schema.title.too-long", "token-schema.description.too-long"]),
    );
    expect(await reg.snapshot()).toBe(before);
  });
});

describe("README rendered once, at publish, off the event loop", () => {
  it("stores sanitized HTML at publish, and the page serves what is stored (no markdown on the request path)", async () => {
    const bytes = await packPackage(
      { name: "stored", version: "1.0.0" },
      { "README.md": "# From the readme\n\n<script>alert(1)</script>" },
    );
    expect((await reg.publish(bytes, acme, "stored")).status).toBe(201);
    // Stored at publish, before any page view.
    expect(await reg.repo.readmeHtml("stored", "1.0.0")).toBe("<h1>From the readme</h1>\n");
    // The page shows the stored HTML as it is: had it rendered the markdown itself, the marker would be absent.
    await reg.repo.storeReadmeHtml("stored", "1.0.0", "<p>stored-marker</p>");
    const page = await (await reg.request("/c/stored")).text();
    expect(page).toContain("<p>stored-marker</p>");
    expect(page).not.toContain("<h1>From the readme</h1>"); // (the page's own title is "Stored")
  });

  it("a version stored before READMEs were rendered (readme_html NULL) shows its README, rendered once and stored", async () => {
    await reg.sql("UPDATE versions SET readme_html = NULL");
    const page = await (await reg.request("/c/weather")).text();
    expect(page).toMatch(/<div class="markdown"><h1>/);
    expect(await reg.repo.readmeHtml("weather", "1.0.0")).toMatch(/^<h1>/);
  });

  it("the worst markdown within the cap renders in the worker: the registry answers meanwhile", async () => {
    const renderer = createReadmeRenderer({ budgetMs: 60_000 });
    try {
      let done = false;
      // A quarter of the cap keeps the test short; bench/readme.ts measures the whole cap.
      const rendering = renderer.render(worstMarkdown(MAX_README_BYTES / 4)).then((r) => ((done = true), r));
      // Rendered on the event loop this would take seconds and finish before the next line runs.
      expect((await reg.request("/healthz")).status).toBe(200);
      expect((await reg.request("/v1/connectors/weather")).status).toBe(200);
      expect(done).toBe(false);
      expect((await rendering).mode).toBe("markdown");
    } finally {
      await renderer.close();
    }
  });

  it("a README over the time budget is stored as escaped plain text; the next one renders normally", async () => {
    const renderer = createReadmeRenderer({ budgetMs: 50 });
    try {
      const slow = await renderer.render(
        worstMarkdown(MAX_README_BYTES).replace("|a|", "<script>x</script>|a|"),
      );
      expect(slow.mode).toBe("plain");
      expect(slow.html.startsWith('<pre class="readme-plain">&lt;script&gt;x&lt;/script&gt;|a|')).toBe(true);
      expect(slow.html).not.toContain("<script>");
    } finally {
      await renderer.close();
    }
    const roomy = createReadmeRenderer({ budgetMs: 30_000 });
    expect(await roomy.render("**ok**")).toEqual({ html: "<p><strong>ok</strong></p>\n", mode: "markdown" });
    await roomy.close();
  });

  it("a README stored before the cap and larger than it is never parsed: a note says so", async () => {
    const renderer = createReadmeRenderer({ budgetMs: 1 }); // would fall back to plain text if it were asked
    const html = await readmeHtml(renderer, worstMarkdown(2 * 1024 * 1024));
    expect(html).toMatch(/^<p class="readme-too-large">This README is \d+ bytes, more than the 256 KiB/);
    expect(await readmeHtml(renderer, undefined)).toBe("");
    await renderer.close();
  });
});
