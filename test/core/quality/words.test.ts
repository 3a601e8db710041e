import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { VersionContent } from "../../../src/core/api/documents.js";
import type { QualityInput } from "../../../src/core/quality/input.js";
import { qualityLines, qualitySummary, stabilityLines } from "../../../src/core/quality/quality-lines.js";
import { readQuality } from "../../../src/core/quality/read-quality.js";
import { scoreQuality } from "../../../src/core/quality/score.js";
import type { QualityItem } from "../../../src/core/quality/types.js";
import { itemText, QUALITY_WORDS, sayPhrase } from "../../../src/core/quality/words.js";
import { LANGUAGES } from "../../../src/core/text/language.js";
import { ROOT } from "../../helpers/cli.js";

// The quality checklist in both languages (issue 32): the tables are complete, every item the formula
// builds names keys the tables have, its English is its `reason`, and Chinese readers get no English.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const NOW = new Date("2026-12-01T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const content = (over: Partial<VersionContent> = {}): VersionContent => ({
  manifest: { name: "x", version: "1.0.0", description: "d", publisher: "p" },
  mcp: { mcpServers: { local: { command: "npx", args: ["x"] } } },
  skills: [],
  ...over,
});

/** Inputs that between them take every branch of the items' words. */
function inputs(): QualityInput[] {
  const community = { weeklyDownloads: 0, previousWeeklyDownloads: 3, openReports: 2 };
  const base = { now: NOW, releases: [], community };
  const check = (status: "up" | "down" | "error" | "needs-auth", extra: object = {}) => ({
    latest: { checkedAt: daysAgo(0), status, kind: "remote" as const, ...extra },
    checks7d: 10,
    checks30d: 40,
    uptime7d: 0.5,
    uptime30d: 0.999,
  });
  return [
    { ...base, shown: undefined },
    {
      ...base,
      shown: {
        version: "1.0.0",
        content: content({ readme: "few words" }),
        deprecated: "old",
        warnings: ["w1"],
      },
      releases: [{ version: "1.0.0", publishedAt: daysAgo(400), yanked: false }],
      stability: check("down", { error: "ECONNREFUSED", latencyMs: 12.4, toolCount: 2 }),
    },
    {
      ...base,
      shown: {
        version: "1.0.0",
        content: content({ mcp: { mcpServers: {} } }),
        deprecated: null,
        toolCount: 0,
      },
      releases: [{ version: "1.0.0", publishedAt: daysAgo(1), yanked: false }],
    },
    {
      ...base,
      community: { weeklyDownloads: 20, previousWeeklyDownloads: 40, openReports: 0 },
      shown: {
        version: "1.0.0",
        content: content({
          manifest: {
            name: "x",
            version: "1.0.0",
            description: "d",
            publisher: "p",
            license: "MIT",
            homepage: "https://x.example",
            categories: ["weather"],
            permissions: { network: "none" },
          },
          mcp: { mcpServers: { r: { type: "streamable-http", url: "https://x.example/mcp" } } },
          tokenSchema: { type: "object", properties: { K: { type: "string", description: "from x" } } },
          icon: { path: "icon.png", mediaType: "image/png" },
          skills: [{ name: "s", description: "s", path: "skills/s/SKILL.md" }],
        }),
        deprecated: null,
        toolCount: 3,
        warnings: [],
      },
      releases: [
        { version: "0.9.0", publishedAt: daysAgo(5), yanked: false },
        { version: "1.0.0", publishedAt: daysAgo(0), yanked: false },
      ],
      stability: check("needs-auth", { latencyMs: 80 }),
    },
    {
      ...base,
      shown: { version: "1.0.0", content: content(), deprecated: null },
      releases: [{ version: "1.0.0", publishedAt: daysAgo(30), yanked: false }],
      stability: {
        ...check("up", { toolCount: 4 }),
        uptime7d: undefined,
        latest: { ...check("up").latest, kind: "bundled" },
      },
    },
  ];
}

const items = (): QualityItem[] => inputs().flatMap((i) => scoreQuality(i).items);

describe("the quality tables", () => {
  it.each(LANGUAGES)("%s has every key, none empty, with the English placeholders", (lang) => {
    const en = QUALITY_WORDS.en as Record<string, string>;
    const table = QUALITY_WORDS[lang] as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(table)) {
      expect(text.trim() || text, key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(en[key]!));
    }
  });

  it("is translated: Chinese text in every Chinese entry that has words", () => {
    const words = Object.entries(QUALITY_WORDS["zh-CN"]).filter(([, t]) =>
      /[A-Za-z]{3}/.test(t.replace(/\{\w+\}/g, "")),
    );
    const english = words.filter(([, t]) => !/\p{Script=Han}/u.test(t));
    expect(english.map(([k]) => k)).toEqual([]);
  });

  it("has no unused key: each is named in the quality code (group and check keys by their values)", async () => {
    const dir = path.join(ROOT, "src/core/quality");
    const code = (
      await Promise.all(
        (await fs.readdir(dir))
          .filter((f) => !f.startsWith("words-"))
          .map((f) => fs.readFile(path.join(dir, f), "utf8")),
      )
    ).join("\n");
    const unused = Object.keys(QUALITY_WORDS.en).filter(
      (k) => !code.includes(`"${k}"`) && !/^(group|check)\./.test(k),
    );
    expect(unused).toEqual([]);
  });
});

describe("the items' words", () => {
  it("every item names keys the tables have; its English is its reason and fix", () => {
    const all = items();
    expect(all.length).toBeGreaterThan(60);
    for (const i of all) {
      expect(i.localized, i.id).toBeDefined();
      expect(sayPhrase(i.localized!.reason, "en"), i.id).toBe(i.reason);
      if (i.fix) expect(sayPhrase(i.localized!.fix!, "en"), i.id).toBe(i.fix);
      expect(sayPhrase(i.localized!.reason, "zh-CN"), i.id).toBeDefined();
    }
  });

  it("in Chinese, no item's reason or fix keeps an English sentence", () => {
    for (const i of items()) {
      const { reason, fix } = itemText(i, "zh-CN");
      // Values stay as they are (a date, a URL, a licence id, an error): only the words are checked.
      const words = `${reason} ${fix ?? ""}`.replace(/https?:\/\/\S+|`[^`]*`|\d{4}-\d\d-\d\dT\S+/g, "");
      expect(words, i.id).toMatch(/\p{Script=Han}/u);
      expect(words, i.id).not.toMatch(/\b(the|has|no|not|of|in|and|with|checks?|release|downloads?)\b/);
    }
  });

  it("keeps English (the item's own words) for an item without keys or with keys the tables lack", () => {
    const bare = {
      id: "package.readme",
      group: "package",
      pass: false,
      points: 0,
      max: 8,
      reason: "no README",
      fix: "write one",
    } as const;
    expect(itemText(bare, "zh-CN")).toEqual({ reason: "no README", fix: "write one" });
    expect(itemText({ ...bare, localized: { reason: { key: "made.up" } } }, "zh-CN").reason).toBe(
      "no README",
    );
  });

  it("survives readQuality, and a hostile `localized` is dropped, not shown", () => {
    const q = scoreQuality(inputs()[1]!);
    const read = readQuality(JSON.parse(JSON.stringify(q)))!;
    expect(read.items).toEqual(q.items);
    const evil = readQuality({
      score: 1,
      items: [
        { ...q.items[0], localized: { reason: { key: "__proto__" } } },
        { ...q.items[0], localized: { reason: { key: "readme.short", params: { words: { x: 1 } } } } },
        {
          ...q.items[0],
          localized: {
            reason: { key: "stability.latest", params: { detail: [{ key: "check.up", params: { a: [] } }] } },
          },
        },
      ],
    })!;
    expect(evil.items.map((i) => i.localized)).toEqual([undefined, undefined, undefined]);
  });

  it("the CLI's lines read in Chinese: the checklist, the summary and the live check", () => {
    const q = scoreQuality(inputs()[1]!);
    const zh = [
      ...qualityLines(q, "zh-CN"),
      qualitySummary(q, "zh-CN"),
      ...stabilityLines(inputs()[1]!.stability!, NOW, "zh-CN"),
    ];
    expect(zh.join("\n")).toContain("质量：");
    expect(zh.join("\n")).toContain("在线检查：宕机，12 毫秒，2 个工具，ECONNREFUSED");
    for (const line of zh)
      expect(line.replace("docs/quality.md", ""), line).not.toMatch(
        /\b(quality|to raise it|not counted|most to gain|live check|uptime|checks?)\b/,
      );
    expect(qualityLines(q)[0]).toBe(`quality: ${q.score}/100 (docs/quality.md)`);
  });
});
