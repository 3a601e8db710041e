import vm from "node:vm";
import { describe, expect, test } from "vitest";
import { SHOWN_TITLE_SCRIPT, shownTitle } from "../../src/web/lib/shown-title.js";
import { createTestRegistry } from "../helpers/registry.js";

type Item = Parameters<typeof shownTitle>[0];

const CASES: Array<[item: Item, title: string]> = [
  [{ name: "weather", publisher: "acme", displayName: "Weather Now" }, "Weather Now"],
  [{ name: "mcp-grafana", publisher: "grafana" }, "Grafana"],
  [{ name: "github-github", publisher: "github" }, "GitHub"],
  [{ name: "acme-postgresql-mcp-server", publisher: "acme" }, "PostgreSQL"],
  [{ name: "mcp-server", publisher: "acme" }, "MCP Server"],
  [{ name: "aws--cli", publisher: "amazon", displayName: null }, "AWS CLI"],
];

/** The browser's shownTitle: the served script's text, run as the page runs it. */
function browserShownTitle(script: string): (item: Item) => string {
  const context = vm.createContext({});
  vm.runInContext(`${script}\nglobalThis.shownTitle = shownTitle;`, context);
  return context.shownTitle as (item: Item) => string;
}

describe("shownTitle in the page and in the browser", () => {
  test.each(CASES)("%o → %s", (item, title) => {
    expect(shownTitle(item)).toBe(title);
    expect(browserShownTitle(SHOWN_TITLE_SCRIPT)(item)).toBe(title);
  });

  test("the registry serves the browser's copy as /static/shown-title.js", async () => {
    const reg = await createTestRegistry();
    try {
      const res = await reg.request("/static/shown-title.js");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      const served = browserShownTitle(await res.text());
      for (const [item, title] of CASES) expect(served(item)).toBe(title);
      // Loaded before app.js, which calls it.
      const page = await (await reg.request("/")).text();
      const at = page.search(/<script src="\/static\/shown-title\.js\?v=[^"]+"/);
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(page.search(/<script src="\/static\/app\.js\?v=/));
    } finally {
      reg.close();
    }
  });
});
