import { describe, expect, it } from "vitest";
import type { VersionContent } from "../../../src/core/api/documents.js";
import type { StabilityEvidence } from "../../../src/core/quality/evidence.js";
import type { QualityInput } from "../../../src/core/quality/input.js";
import { proseWords } from "../../../src/core/quality/package-items.js";
import { scoreQuality } from "../../../src/core/quality/score.js";

// The formula of docs/quality.md, item by item: each case changes one piece of evidence and names the
// item that moves and by how many points.

const NOW = new Date("2026-12-01T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const README = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");

/** Everything passes: the best connector there is. */
function full(): QualityInput {
  const content: VersionContent = {
    manifest: {
      name: "good",
      version: "1.1.0",
      description: "A good connector",
      publisher: "acme",
      license: "MIT",
      repository: "https://github.com/acme/good",
      categories: ["weather"],
      permissions: { network: { hosts: ["api.example.com"] } } as never,
    },
    mcp: {
      mcpServers: {
        good: { type: "streamable-http", url: "https://example.com/mcp" },
        local: { command: "npx", args: ["-y", "good-mcp@1.1.0"] },
      },
    },
    tokenSchema: {
      type: "object",
      properties: { TOKEN: { type: "string", description: "From your account page", secret: true } },
    },
    skills: [{ name: "use-good", description: "How to use it", path: "skills/use-good/SKILL.md" }],
    readme: README,
    icon: { path: "icon.png", mediaType: "image/png" },
  };
  return {
    now: NOW,
    shown: { version: "1.1.0", content, deprecated: null, toolCount: 3, warnings: [] },
    releases: [
      { version: "1.0.0", publishedAt: daysAgo(100), yanked: false },
      { version: "1.1.0", publishedAt: daysAgo(10), yanked: false },
    ],
    stability: {
      latest: { checkedAt: daysAgo(0), status: "up", kind: "remote", latencyMs: 40, toolCount: 3 },
      uptime7d: 1,
      uptime30d: 1,
      checks7d: 100,
      checks30d: 400,
    },
    community: { weeklyDownloads: 50, previousWeeklyDownloads: 40, openReports: 0 },
  };
}

const item = (input: QualityInput, id: string) => scoreQuality(input).items.find((i) => i.id === id)!;
type Change = (q: QualityInput) => void;
const content = (q: QualityInput) => q.shown!.content;

describe("scoreQuality", () => {
  it("the maxima add up to 100, and a connector that passes everything scores 100", () => {
    const q = scoreQuality(full());
    expect(q.items.reduce((s, i) => s + i.max, 0)).toBe(100);
    expect(q.score).toBe(100);
    expect(q.items.every((i) => i.pass && i.fix === undefined)).toBe(true);
    expect(new Set(q.items.map((i) => i.id)).size).toBe(q.items.length);
    expect(q.check?.status).toBe("up");
    expect(q.version).toBe("1.1.0");
  });

  const cases: Array<[string, string, number, Change]> = [
    ["a short README", "package.readme", 8, (q) => void (content(q).readme = "# Title\n\nToo short.")],
    ["no README", "package.readme", 8, (q) => void delete content(q).readme],
    [
      "a README of code only",
      "package.readme",
      8,
      (q) => void (content(q).readme = "```\n" + README + "\n```"),
    ],
    ["no license", "package.license", 4, (q) => void delete content(q).manifest.license],
    ["no repository or homepage", "package.source", 4, (q) => void delete content(q).manifest.repository],
    ["no icon", "package.icon", 2, (q) => void delete content(q).icon],
    [
      "an undocumented credential",
      "package.credentials",
      4,
      (q) => void (content(q).tokenSchema!.properties.OTHER = { type: "string" }),
    ],
    ["no skills", "package.skills", 3, (q) => void (content(q).skills = [])],
    [
      "a skill warning",
      "package.skills",
      3 + 4,
      (q) => void (q.shown!.warnings = ["skill.description.long"]),
    ],
    ["no tools report", "package.tools", 5, (q) => void delete q.shown!.toolCount],
    ["an empty tools report", "package.tools", 5, (q) => void (q.shown!.toolCount = 0)],
    ["no categories", "package.categories", 3, (q) => void delete content(q).manifest.categories],
    [
      "a validation warning",
      "package.warnings",
      4,
      (q) => void (q.shown!.warnings = ["mcp.server.env.loader"]),
    ],
    ["warnings not kept (an old version)", "package.warnings", 4, (q) => void delete q.shown!.warnings],
    ["no permissions", "package.permissions", 3, (q) => void delete content(q).manifest.permissions],
    [
      "the latest check down",
      "stability.up",
      10,
      (q) => void (q.stability!.latest = { ...q.stability!.latest, status: "down", error: "check.timeout" }),
    ],
    ["uptime 90% over 7 days", "stability.uptime-7d", 8, (q) => void (q.stability!.uptime7d = 0.9)],
    ["uptime 98% over 30 days", "stability.uptime-30d", 7, (q) => void (q.stability!.uptime30d = 0.98)],
    ["no checks in 7 days", "stability.uptime-7d", 8, (q) => void delete q.stability!.uptime7d],
    [
      "the last release 200 days ago",
      "activity.recent",
      8 + 4,
      (q) => void (q.releases = [{ version: "1.1.0", publishedAt: daysAgo(200), yanked: false }]),
    ],
    [
      "one release this year",
      "activity.cadence",
      4,
      (q) => void (q.releases = [{ version: "1.1.0", publishedAt: daysAgo(10), yanked: false }]),
    ],
    ["a yanked release does not count", "activity.cadence", 4, (q) => void (q.releases[0]!.yanked = true)],
    ["deprecated", "activity.not-deprecated", 3, (q) => void (q.shown!.deprecated = "use 2.x")],
    [
      "9 downloads this week, as many as the week before",
      "community.downloads",
      8,
      (q) => void (q.community = { weeklyDownloads: 9, previousWeeklyDownloads: 9, openReports: 0 }),
    ],
    [
      "downloads falling by half",
      "community.trend",
      4,
      (q) => void (q.community.previousWeeklyDownloads = 100),
    ],
    [
      "no downloads at all",
      "community.trend",
      8 + 4,
      (q) => void (q.community = { weeklyDownloads: 0, previousWeeklyDownloads: 0, openReports: 0 }),
    ],
    ["an open report", "community.reports", 8, (q) => void (q.community.openReports = 1)],
  ];

  it.each(cases)("%s: %s fails, the score drops by %i", (_why, id, drop, change) => {
    const input = full();
    change(input);
    const q = scoreQuality(input);
    const failed = q.items.find((i) => i.id === id)!;
    expect(failed.pass).toBe(false);
    expect(failed.points).toBe(0);
    expect(failed.reason.length).toBeGreaterThan(5);
    expect(failed.fix?.length).toBeGreaterThan(5);
    expect(q.score).toBe(100 - drop);
  });

  it("never checked: the stability items are shown, not passed, and left out of the score (formula 2)", () => {
    const input = full();
    delete input.stability;
    const q = scoreQuality(input);
    const stability = q.items.filter((i) => i.group === "stability");
    expect(stability.map((i) => [i.id, i.pass, i.applies, i.points])).toEqual([
      ["stability.up", false, false, 0],
      ["stability.uptime-7d", false, false, 0],
      ["stability.uptime-30d", false, false, 0],
    ]);
    expect(stability.every((i) => i.reason.startsWith("not checked yet"))).toBe(true);
    expect(q.check).toBeUndefined();
    // The rest passes: 75 of the 75 points that apply, not "75 of 100".
    expect(q.score).toBe(100);
    // One failed package item now weighs its share of what applies: 71 of 75.
    delete content(input).manifest.license;
    expect(scoreQuality(input).score).toBe(Math.round((100 * 71) / 75));
    // A check that ran and failed does count.
    input.stability = {
      latest: { checkedAt: daysAgo(0), status: "down", kind: "remote", error: "check.timeout" },
      uptime7d: 0,
      uptime30d: 0,
      checks7d: 5,
      checks30d: 5,
    };
    expect(scoreQuality(input).items.filter((i) => i.applies === false)).toEqual([]);
  });

  it("a skills-only connector is scored by what applies: no server to check, no tools, no permissions", () => {
    const input = full();
    content(input).mcp = { mcpServers: {} };
    delete content(input).manifest.permissions;
    delete input.stability;
    input.shown!.toolCount = undefined;
    const q = scoreQuality(input);
    const na = q.items.filter((i) => i.applies === false).map((i) => i.id);
    expect(na).toEqual([
      "package.tools",
      "package.permissions",
      "stability.up",
      "stability.uptime-7d",
      "stability.uptime-30d",
    ]);
    expect(q.items.find((i) => i.id === "stability.up")!.reason).toBe("no MCP server to check (skills only)");
    expect(q.score).toBe(100);
  });

  it("needs-auth counts as reachable; a bundled server's check at publish stands for its uptime", () => {
    const input = full();
    input.stability = {
      latest: { checkedAt: daysAgo(0), status: "needs-auth", kind: "remote" },
      uptime7d: 1,
      uptime30d: 1,
      checks7d: 3,
      checks30d: 3,
    };
    expect(item(input, "stability.up")).toMatchObject({ pass: true });
    expect(item(input, "stability.up").reason).toContain("needs sign-in");
    const bundled: StabilityEvidence = {
      latest: { checkedAt: daysAgo(5), status: "up", kind: "bundled", toolCount: 2 },
      checks7d: 0,
      checks30d: 0,
    };
    input.stability = bundled;
    expect(scoreQuality(input).score).toBe(100);
    input.stability = { ...bundled, latest: { ...bundled.latest, status: "error", error: "check.garbage" } };
    expect(scoreQuality(input).score).toBe(75);
  });

  it("a connector with no version people get fails the package and activity items, saying why", () => {
    const input = full();
    delete input.shown;
    input.releases = input.releases.map((r) => ({ ...r, yanked: true }));
    const q = scoreQuality(input);
    expect(q.version).toBeNull();
    const pkg = q.items.filter((i) => i.group === "package");
    expect(pkg.every((i) => !i.pass && i.reason.includes("no published version"))).toBe(true);
    expect(q.score).toBe(25 + 20); // stability and community stand
  });

  it("without a tools report, the reason says what the live check found instead of 'none' (issue 32 #10)", () => {
    const q = full();
    delete q.shown!.toolCount;
    q.stability!.latest = { ...q.stability!.latest, toolCount: 2 };
    const tools = item(q, "package.tools");
    expect(tools.pass).toBe(false);
    expect(tools.reason).toContain("the registry's live check found 2");
    expect(tools.reason).not.toContain("no tools were reported");
    delete q.stability;
    expect(item(q, "package.tools").reason).toBe("no tools were reported for this version");
  });

  it("is the same for the same evidence (pure) and names when it was computed", () => {
    expect(scoreQuality(full())).toEqual(scoreQuality(full()));
    expect(scoreQuality(full()).computedAt).toBe(NOW.toISOString());
  });

  it("counts prose words: code, link targets, HTML and headings aside", () => {
    expect(proseWords("# Heading words here\n\nOne two three.")).toBe(3);
    expect(proseWords("See [the docs](https://example.com/a/b/c) now `code here`")).toBe(4);
    expect(proseWords("```js\nconst a = 1;\n```\n<img src=x onerror=y> done")).toBe(1);
    expect(proseWords("x".repeat(1_000_000))).toBe(1); // bounded work on a huge README
  });
});
