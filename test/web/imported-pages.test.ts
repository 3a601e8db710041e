import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importCatalog } from "../helpers/catalog-import.js";
import { createTestRegistry, publishSamples, type TestRegistry } from "../helpers/registry.js";

// Issue 32, items 4–6: imported entries of the shipped catalogs (catalogs/) as a newcomer sees them.
let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  await importCatalog(reg, "docker", (e) => ["github-official", "grafana", "alfresco"].includes(e));
  await importCatalog(reg, "official", (e) => e === "io.github.grafana/mcp-grafana");
  await importCatalog(reg, "claude", (e) => e === "frontend-design");
}, 180_000);
afterAll(() => reg.close());

const html = async (path: string) => {
  const res = await reg.request(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("an imported page looks finished", () => {
  test("upstream title, the version quiet, credentials as inline Markdown, no chip twice, a claim link", async () => {
    const page = await html("/c/github-official");
    expect(page).toContain("<h1>GitHub Official</h1>");
    // The importer's version (the catalog has none): the upstream commit stays in the provenance line.
    expect(page).toMatch(/<span class="version">0\.0\.1-docker\.c[0-9a-f]{12}<\/span>/);
    expect(page).toContain("23fa0dd1a821");
    // Docker's `[on GitHub](https://…)` is a link, not raw Markdown.
    expect(page).toContain('<a href="https://github.com/settings/personal-access-tokens/new" rel="nofollow');
    expect(page).not.toContain("[on GitHub](");
    // The key is not repeated as its own title.
    expect(page).not.toMatch(/<code>GITHUB_PERSONAL_ACCESS_TOKEN<\/code> <span>GITHUB_PERSONAL_ACCESS_TOKEN/);
    // The name is not a chip of its own; every chip once.
    const chips = [...page.matchAll(/class="chip[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(chips).not.toContain("github-official");
    expect(new Set(chips).size).toBe(chips.length);
    expect(page).toContain(
      '<a class="claim" href="/docs/publishers.md#imported-publishers-and-how-a-real-owner-claims-one">',
    );
    expect(reg.errors).toEqual([]);
  });

  test("its icon is the catalog's (a redirect the page's CSP allows); an entry without one gets a monogram", async () => {
    const res = await reg.request("/icons/github-official/latest");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://avatars.githubusercontent.com/u/9919?s=200&v=4");
    const csp = (await reg.request("/c/github-official")).headers.get("content-security-policy")!;
    expect(csp).toContain("img-src 'self' https://avatars.githubusercontent.com;");
    const mono = await reg.request("/icons/mcp-grafana/latest");
    expect(mono.headers.get("content-type")).toBe("image/svg+xml");
    expect(await mono.text()).toContain(">G</text>");
  });

  test("a title for an entry without one, read from its slug", async () => {
    expect(await html("/c/mcp-grafana")).toContain("<h1>Grafana</h1>");
  });
});

describe("a malformed upstream entry is marked, not ready", () => {
  test("mcp-grafana: flags are not credentials; docker options after the image are flagged on the page", async () => {
    const doc = (await (await reg.request("/v1/connectors/mcp-grafana/latest")).json()) as {
      tokenSchema?: { properties: Record<string, unknown> };
      mcp: { mcpServers: Record<string, { args: string[] }> };
    };
    expect(Object.keys(doc.tokenSchema?.properties ?? {}).sort()).toEqual(["GRAFANA_API_KEY", "GRAFANA_URL"]);
    expect(doc.mcp.mcpServers["mcp-grafana"]!.args).not.toContain("");
    const page = await html("/c/mcp-grafana");
    expect(page).toContain("This entry looks malformed upstream");
    expect(page).toContain("docker options after the image grafana/mcp-grafana:0.6.5 (--rm, -p, -e)");
    // Docker's own grafana entry is sound: no such note.
    expect(await html("/c/grafana")).not.toContain("looks malformed upstream");
  });
});

describe("a skills-only connector reads right", () => {
  test("what it is and where each host gets it; no empty Servers, no host snippets, no live checks", async () => {
    const page = await html("/c/frontend-design");
    expect(page).not.toContain('id="servers-h"');
    expect(page).not.toContain("Host snippets are not available");
    expect(page).not.toContain('id="checks-h"');
    expect(page).toContain("This connector has no MCP server: it brings a skill");
    expect(page).toContain("~/.claude/skills/frontend-design/");
    expect(page).toContain("~/.agents/skills/frontend-design/");
    expect(page).toContain('id="skills-h"');
  });
});

describe("one upstream server, one card", () => {
  test("listings of the same repository by other publishers fold into the best ranked, with also in", async () => {
    const page = await html("/search?q=github");
    const cards = page.split('<li class="card">').slice(1);
    const holding = cards.filter((c) => c.includes('href="/c/github-official"'));
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(/also in:/);
    // The sample `github` (connectory-samples) and Docker's github-official share github/github-mcp-server.
    const card = cards.find((c) => c.includes("also in:"))!;
    expect(card).toContain('href="/c/github"');
    expect(card).toContain('href="/c/github-official"');
  });
});

describe("issue 32 #10 and #11: who listed the tools, and the connector page's parts in Chinese", () => {
  test("a Docker entry's tools are listed by the Docker catalog, not 'reported by the publisher'", async () => {
    const page = await html("/c/alfresco");
    expect(page).toContain('class="tools"');
    expect(page).toContain("Listed by the Docker MCP Catalog (fetched ");
    expect(page).not.toContain("Reported by the publisher");
    // A sample its publisher reported tools for keeps the publisher's word.
    const weather = await html("/c/tushare");
    if (weather.includes('class="tools"')) expect(weather).toContain("Reported by the publisher");
  });

  test("in Chinese, the page's parts (credentials, tools, versions, quality, copy, provenance) are Chinese", async () => {
    const page = await html("/c/alfresco?lang=zh-CN");
    for (const zh of ["由 Docker MCP 目录 列出", "复制", "最新", "计算方法", "举报此版本", "导入自"])
      expect(page, zh).toContain(zh);
    for (const en of [
      ">Copy<",
      ">required<",
      ">secret<",
      ">latest<",
      "how it is computed",
      "Report this version",
      "Imported from ",
      "not checked by the registry",
      "Send the report",
    ])
      expect(page, en).not.toContain(en);
    const github = await html("/c/github-official?lang=zh-CN");
    for (const zh of ["必填", "机密"]) expect(github, zh).toContain(zh);
    expect(github).not.toMatch(/>(required|secret|optional)</);
    const skills = await html("/c/frontend-design?lang=zh-CN");
    expect(skills).toContain("供你的智能体使用的技能");
    expect(skills).not.toContain("Skills for your agent");
  });
});
