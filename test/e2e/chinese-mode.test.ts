import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOURCE_NAMES } from "../../src/core/api/provenance.js";
import { QUALITY_WORDS } from "../../src/core/quality/words.js";
import { PERMISSION_WORDS } from "../../src/core/sandbox/permissions.js";
import { importCatalog } from "../helpers/catalog-import.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, publishSamples, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32: in Chinese, the connector page and the CLI's text keep none of the English sentences Connectory
// itself writes about a connector: the quality checklist, the permission lines and the catalog names. A
// real registry with the samples and entries of each shipped catalog; the real CLI in-process under
// LANG=zh_CN.UTF-8 (and --lang). --json stays English and keeps what the API gives (`i18n`).

let reg: TestRegistry;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = async (argv: string[], lang: string) =>
  cli(argv, {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: reg.publicUrl, LANG: lang, COLUMNS: "200" },
    fetch: fetchFn,
  });

/** Samples (declared permissions, translations) and imports of each catalog (unrestricted, skills only, tools listed by a catalog). */
const CONNECTORS = [
  "filesystem",
  "weather",
  "tushare",
  "alfresco",
  "github-official",
  "mcp-grafana",
  "frontend-design",
];

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  await importCatalog(reg, "docker", (e) => ["github-official", "alfresco"].includes(e));
  await importCatalog(reg, "official", (e) => e === "io.github.grafana/mcp-grafana");
  await importCatalog(reg, "claude", (e) => e === "frontend-design");
}, 300_000);
afterAll(() => reg.close());

/** The English text between a template's placeholders: the pieces of a sentence that say something. */
function sentencePieces(templates: string[]): string[] {
  const pieces = templates
    .flatMap((t) => t.split(/\{\w+\}|\u0000/))
    .map((p) =>
      p
        .trim()
        .replace(/^[,;:()]+|[,;:(]+$/g, "")
        .trim(),
    )
    .filter((p) => p.length >= 10 && /[a-z]{2,} [a-z]{2,}/i.test(p));
  return [...new Set(pieces)];
}

/** The known lists: the checklist's words, the permission lines, the catalog names. */
const KNOWN = sentencePieces([
  ...Object.values(QUALITY_WORDS.en),
  ...Object.values(PERMISSION_WORDS).map((w) => (typeof w === "function" ? w("\u0000") : w)),
  ...Object.values(SOURCE_NAMES),
]);

const leftovers = (text: string) => KNOWN.filter((piece) => text.includes(piece));

/**
 * A page's text as a reader sees it (tags out, entities read), without the README: that is the package's
 * own document (an import's is the converter's English, "Converted from the official MCP Registry").
 */
const pageText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<section[^>]*class="readme"[\s\S]*?<\/section>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("in Chinese, no English sentence of the known lists", () => {
  it("the known lists are long enough to mean something, and the English page has them", async () => {
    expect(KNOWN.length).toBeGreaterThan(60);
    expect(KNOWN).toContain("the Docker MCP Catalog");
    // The check can fail: the same pages in English are full of them.
    const english = pageText(await (await reg.request("/c/alfresco")).text());
    expect(leftovers(english).length).toBeGreaterThan(5);
  });

  it.each(CONNECTORS)("the page of %s (?lang=zh-CN and Accept-Language)", async (name) => {
    for (const [path, headers] of [
      [`/c/${name}?lang=zh-CN`, {}],
      [`/c/${name}`, { "accept-language": "zh-CN,zh;q=0.9,en;q=0.5" }],
    ] as const) {
      const res = await reg.request(path, { headers });
      expect(res.status, path).toBe(200);
      const text = pageText(await res.text());
      expect(text, path).toMatch(/质量/);
      expect(leftovers(text), path).toEqual([]);
    }
  });

  it.each(CONNECTORS)("`connectory info %s` and `info --quality` under LANG=zh_CN.UTF-8", async (name) => {
    for (const argv of [
      ["info", name],
      ["info", name, "--quality"],
    ]) {
      const r = await run(argv, "zh_CN.UTF-8");
      expect(r.code, `${argv.join(" ")}: ${r.stderr}`).toBe(0);
      expect(r.stdout, argv.join(" ")).toMatch(/质量：\d+\/100/);
      expect(leftovers(r.stdout + r.stderr), argv.join(" ")).toEqual([]);
    }
  });

  it("info's permission lines and catalog names are Chinese in text and English in --json", async () => {
    const fs = await run(["info", "filesystem"], "zh_CN.UTF-8");
    expect(fs.stdout).toContain("网络：无");
    expect(fs.stdout).toMatch(/文件：读写 \$\{ALLOWED_DIR\}/);
    const alfresco = await run(["info", "alfresco"], "zh_CN.UTF-8");
    expect(alfresco.stdout).toContain("不受限制：");
    expect(alfresco.stdout).toContain("由 Docker MCP 目录 列出");
    const json = await run(["info", "alfresco", "--json"], "zh_CN.UTF-8");
    const doc = JSON.parse(json.stdout) as {
      permissions: string[];
      quality: { items: Array<{ reason: string }> };
    };
    expect(doc.permissions).toEqual([PERMISSION_WORDS.unrestricted]);
    expect(doc.quality.items.map((i) => i.reason)).toContain("the package has no skills");
  });
});

it("install's permission lines and its consent are Chinese in text; --json keeps English", async () => {
  // The fetch step's line (an npx server in a sandbox), in English first so the check can fail.
  const en = await cli(["install", "filesystem", "--yes", "--config", "ALLOWED_DIR=/tmp"], {
    home: await tempDir(),
    env: { CONNECTORY_REGISTRY: reg.publicUrl, LANG: "en_US.UTF-8" },
    fetch: fetchFn,
  });
  expect(en.stderr).toContain(
    "fetch: @modelcontextprotocol/server-filesystem@2026.8.31 is downloaded from the npm registry first",
  );
  const home = await tempDir();
  const env = { CONNECTORY_REGISTRY: reg.publicUrl, LANG: "zh_CN.UTF-8" };
  const zh = await cli(["install", "filesystem", "--yes", "--config", "ALLOWED_DIR=/tmp"], {
    home,
    env,
    fetch: fetchFn,
  });
  expect(zh.code, zh.stderr).toBe(0);
  expect(zh.stderr).toContain("的本地服务器将在沙箱中运行，只允许：");
  expect(zh.stdout).toContain("网络：无");
  expect(zh.stderr).toContain(
    "下载：先从 npm 注册表下载 @modelcontextprotocol/server-filesystem@2026.8.31（不带它的任何凭据",
  );
  expect(zh.stderr).not.toContain("is downloaded from");
  expect(leftovers(zh.stdout + zh.stderr)).toEqual([]);
  const json = await cli(["install", "alfresco", "--yes", "--json"], { home, env, fetch: fetchFn });
  expect(JSON.parse(json.stdout).permissions).toEqual([PERMISSION_WORDS.unrestricted]);
});

describe("search shows the user's language", () => {
  it("a connector's i18n description in Chinese text output; --json keeps the map as the API gives it", async () => {
    const api = (await (await reg.request("/v1/connectors?q=filesystem")).json()) as {
      items: Array<{ name: string; i18n?: unknown }>;
    };
    const listed = api.items.find((h) => h.name === "filesystem")!;
    expect(listed.i18n).toBeDefined();
    const zh = await run(["search", "filesystem"], "zh_CN.UTF-8");
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/filesystem .*使用官方参考 MCP 文件系统服务器/);
    expect(zh.stdout).not.toContain("Read, write, search and move files");
    const en = await run(["search", "filesystem"], "en_US.UTF-8");
    expect(en.stdout).toMatch(/filesystem .*Read, write, search and move files/);
    const flag = await run(["search", "filesystem", "--lang", "zh-CN"], "en_US.UTF-8");
    expect(flag.stdout).toContain("使用官方参考 MCP 文件系统服务器");
    const json = await run(["search", "filesystem", "--json"], "zh_CN.UTF-8");
    const hit = (
      JSON.parse(json.stdout) as { results: Array<{ name: string; description: string; i18n?: unknown }> }
    ).results.find((h) => h.name === "filesystem")!;
    expect(hit.description).toMatch(/^Read, write/);
    expect(hit.i18n).toEqual(listed.i18n);
  });

  it("its usage errors are Chinese; the code stays", async () => {
    const bad = await run(["search", "--category", "snacks"], "zh_CN.UTF-8");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"snacks" 不是一个分类');
    const json = await run(["search", "--category", "snacks", "--json"], "zh_CN.UTF-8");
    expect(JSON.parse(json.stdout).error.message).toBe('"snacks" is not a category');
  });
});
