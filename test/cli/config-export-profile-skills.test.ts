import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// `config export --host h --profile p` carries only the skills of the profile's connectors (and of
// skills-only connectors it names); what Connectory wrote for other connectors there is removed (backed
// up), and an export without --profile brings every active connector's skills back.

const TOKEN = "0123456789abcdef".repeat(3) + "01234567";
const LAUNCHER = { CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) };
const GUIDE = "---\nname: howto\ndescription: Explains how. Use when asked how.\n---\n# How\n";

let home: string;
let user: string;
let dir: string;
beforeEach(async () => {
  home = await tempDir();
  user = await tempDir();
  dir = path.join(user, ".claude", "skills");
  await buildHome(home, [
    { sample: "weather" },
    { sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } },
    {
      name: "guide",
      version: "1.0.0",
      files: { "mcp.json": { mcpServers: {} }, "skills/howto/SKILL.md": GUIDE },
    },
  ]);
});

const run = (...argv: string[]) => cli(argv, { home, env: { ...LAUNCHER, HOME: user } });

async function exportTo(...extra: string[]) {
  const r = await run("config", "export", "--host", "claude-code", "--write", "--json", ...extra);
  expect(r.code, r.stderr).toBe(0);
  const data = JSON.parse(r.stdout) as {
    report: Array<{ name: string; action: string }>;
    skills: { report: Array<{ folder: string; action: string }>; backups: string[] };
  };
  return { data, stderr: r.stderr };
}
const actions = (d: { skills: { report: Array<{ folder: string; action: string }> } }) =>
  d.skills.report.map((r) => `${r.action} ${r.folder}`).sort();

describe("config export --profile: skills", () => {
  it("narrows the skills to the profile's connectors, removing the others Connectory wrote, and back", async () => {
    const all = await exportTo();
    expect(actions(all.data)).toEqual([
      "add guide-howto",
      "add tushare-daily-quotes",
      "add weather-briefing",
    ]);
    expect((await run("profile", "create", "wx", "weather")).code).toBe(0);

    const wx = await exportTo("--profile", "wx");
    expect(wx.data.report.map((r) => `${r.action} ${r.name}`).sort()).toEqual([
      "remove tushare",
      "unchanged weather",
    ]);
    expect(actions(wx.data)).toEqual([
      "remove guide-howto",
      "remove tushare-daily-quotes",
      "unchanged weather-briefing",
    ]);
    expect(await listFiles(dir)).toEqual(["weather-briefing/SKILL.md"]);
    expect(wx.data.skills.backups.length).toBeGreaterThan(0);

    // The default profile is every active connector again.
    const back = await exportTo("--profile", "default");
    expect(actions(back.data)).toEqual([
      "add guide-howto",
      "add tushare-daily-quotes",
      "unchanged weather-briefing",
    ]);
  });

  it("a skills-only connector a profile names is exported, without the 'names no active server' warning", async () => {
    expect((await run("profile", "create", "docs", "guide")).code).toBe(0);
    const docs = await exportTo("--profile", "docs");
    expect(docs.data.report).toEqual([]);
    expect(actions(docs.data)).toEqual(["add guide-howto"]);
    expect(docs.stderr).not.toContain('"guide" names no active server');
    expect(await listFiles(dir)).toEqual(["guide-howto/SKILL.md"]);
  });

  it("a user's own skill and one they edited stay through a narrowed export", async () => {
    await exportTo();
    fs.mkdirSync(path.join(dir, "mine"));
    fs.writeFileSync(path.join(dir, "mine", "SKILL.md"), "---\nname: mine\ndescription: Mine.\n---\n");
    fs.appendFileSync(path.join(dir, "tushare-daily-quotes", "SKILL.md"), "\nmy note\n");
    expect((await run("profile", "create", "wx", "weather")).code).toBe(0);
    const wx = await exportTo("--profile", "wx");
    expect(actions(wx.data)).toContain("user-edited tushare-daily-quotes");
    expect(await listFiles(dir)).toEqual([
      "mine/SKILL.md",
      "tushare-daily-quotes/SKILL.md",
      "weather-briefing/SKILL.md",
    ]);
  });

  it("an unknown profile writes nothing", async () => {
    const r = await run(
      "config",
      "export",
      "--host",
      "claude-code",
      "--write",
      "--json",
      "--profile",
      "nope",
    );
    expect(r.code).not.toBe(0);
    expect(JSON.parse(r.stdout).error.code).toBe("profile.unknown");
    expect(fs.existsSync(dir)).toBe(false);
  });
});
