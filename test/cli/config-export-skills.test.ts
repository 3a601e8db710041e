import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { buildHome, SAMPLES, type FakeInstall } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

const TOKEN = "0123456789abcdef".repeat(3) + "01234567";
const LAUNCHER = { CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) };

let home: string;
let user: string;

interface SkillsData {
  dir: string;
  changed: boolean;
  written: boolean;
  report: Array<{ folder: string; connector: string; skill: string; action: string; with?: string }>;
  skipped: Array<{ connector: string; skill: string; reason: string }>;
  backups: string[];
}

beforeEach(async () => {
  home = await tempDir();
  user = await tempDir();
  await buildHome(home, [
    { sample: "weather" },
    { sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } },
  ]);
});

function run(...argv: string[]) {
  return cli(argv, { home, env: { ...LAUNCHER, HOME: user } });
}

async function exportSkills(host: string, ...extra: string[]): Promise<SkillsData> {
  const result = await run("config", "export", "--host", host, "--write", "--json", ...extra);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { skills: SkillsData }).skills;
}

/** A connector with one stdio server (active without credentials) and the given skill files. */
function connector(name: string, skills: Record<string, string>, version = "1.0.0"): FakeInstall {
  return {
    name,
    version,
    files: {
      "mcp.json": { mcpServers: { [`${name}-srv`]: { command: "node", args: ["x.js"] } } },
      ...skills,
    },
  };
}

const md = (name: string, description = "Does a thing. Use when asked.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(dir)) out[f] = await fs.readFile(path.join(dir, f), "utf8");
  return out;
}

describe("config export: skills", () => {
  it("copies each active connector's skills, named per connector, with the front matter name to match", async () => {
    const skills = await exportSkills("claude-code");
    const dir = path.join(user, ".claude", "skills");
    expect(skills.dir).toBe(dir);
    expect(skills.report.map((r) => [r.folder, r.action])).toEqual([
      ["tushare-daily-quotes", "add"],
      ["weather-briefing", "add"],
    ]);
    expect(await listFiles(dir)).toEqual(["tushare-daily-quotes/SKILL.md", "weather-briefing/SKILL.md"]);
    const original = await fs.readFile(path.join(SAMPLES, "tushare/skills/daily-quotes/SKILL.md"), "utf8");
    const exported = await fs.readFile(path.join(dir, "tushare-daily-quotes/SKILL.md"), "utf8");
    expect(exported).toBe(original.replace("name: daily-quotes", "name: tushare-daily-quotes"));
    // Already named after its connector: copied byte for byte.
    expect(await fs.readFile(path.join(dir, "weather-briefing/SKILL.md"), "utf8")).toBe(
      await fs.readFile(path.join(SAMPLES, "weather/skills/weather-briefing/SKILL.md"), "utf8"),
    );
    const state = JSON.parse(await fs.readFile(homePaths(home).skillState, "utf8")) as {
      folders: Record<string, { hosts: string[]; skills: Record<string, { connector: string }> }>;
    };
    expect(state.folders[dir]!.hosts).toEqual(["claude-code"]);
    expect(state.folders[dir]!.skills["tushare-daily-quotes"]!.connector).toBe("tushare@default");
  });

  it("a second export changes nothing", async () => {
    await exportSkills("claude-code");
    const before = await snapshot(user);
    const again = await exportSkills("claude-code");
    expect(again.changed).toBe(false);
    expect(again.report.every((r) => r.action === "unchanged")).toBe(true);
    expect(await snapshot(user)).toEqual(before);
    const text = await run("config", "export", "--host", "claude-code", "--write");
    expect(text.stdout).toContain("No changes.");
  });

  it("writes nothing without --write, and nothing at all with --no-skills", async () => {
    const plan = await run("config", "export", "--host", "cursor", "--json");
    expect(plan.code).toBe(0);
    const data = (JSON.parse(plan.stdout) as { skills: SkillsData }).skills;
    expect(data.report.map((r) => r.action)).toEqual(["add", "add"]);
    expect(data.written).toBe(false);
    expect(await listFiles(user)).toEqual([]);
    const none = await run("config", "export", "--host", "cursor", "--write", "--no-skills", "--json");
    expect(JSON.parse(none.stdout)).toMatchObject({ skills: null });
    expect(await listFiles(user)).toEqual([".cursor/mcp.json"]);
  });

  it("hosts that load no skills get none", async () => {
    const data = await exportSkills("windsurf");
    expect(data).toBeNull();
    expect((await listFiles(user)).filter((f) => f.includes("skills"))).toEqual([]);
  });

  it("hosts sharing ~/.agents/skills share one copy", async () => {
    const first = await exportSkills("cursor");
    const second = await exportSkills("codex");
    expect(second.dir).toBe(first.dir);
    expect(second.report.map((r) => r.action)).toEqual(["unchanged", "unchanged"]);
    const state = JSON.parse(await fs.readFile(homePaths(home).skillState, "utf8")) as {
      folders: Record<string, { hosts: string[] }>;
    };
    expect(state.folders[first.dir]!.hosts).toEqual(["codex", "cursor"]);
  });

  it("project scope writes the project's folder", async () => {
    const project = await tempDir();
    const result = await cli(
      ["config", "export", "--host", "claude-code", "--scope", "project", "--write", "--json"],
      { home, cwd: project, env: { HOME: user, PATH: "" } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(await listFiles(project)).toEqual([
      ".claude/skills/tushare-daily-quotes/SKILL.md",
      ".claude/skills/weather-briefing/SKILL.md",
      ".mcp.json",
    ]);
    expect(await listFiles(user)).toEqual([]);
  });

  it.each([
    ["the skills folder", ".claude/skills"],
    ["the .claude folder", ".claude"],
  ])("project scope refuses %s linked out of the project (issue 31 #18)", async (_, linked) => {
    const project = await tempDir();
    const outside = path.join(user, ".config", "autostart");
    await fs.mkdir(outside, { recursive: true });
    await fs.mkdir(path.dirname(path.join(project, linked)), { recursive: true });
    await fs.symlink(outside, path.join(project, linked));
    const result = await cli(
      ["config", "export", "--host", "claude-code", "--scope", "project", "--write", "--json"],
      { home, cwd: project, env: { HOME: user, PATH: "" } },
    );
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout).error.code).toBe("host.skills.outside-project");
    expect(await listFiles(outside)).toEqual([]);
    // A link that stays inside the project is fine.
    await fs.rm(path.join(project, linked));
    await fs.mkdir(path.join(project, "shared-skills"));
    await fs.mkdir(path.dirname(path.join(project, ".claude/skills")), { recursive: true });
    await fs.symlink(path.join(project, "shared-skills"), path.join(project, ".claude/skills"));
    const inside = await cli(
      ["config", "export", "--host", "claude-code", "--scope", "project", "--write", "--json"],
      { home, cwd: project, env: { HOME: user, PATH: "" } },
    );
    expect(inside.code, inside.stderr).toBe(0);
    expect(await listFiles(path.join(project, "shared-skills"))).toContain("weather-briefing/SKILL.md");
  });

  it("never overwrites the user's own skill of the same name, nor records it", async () => {
    const mine = path.join(user, ".claude", "skills", "tushare-daily-quotes");
    await fs.mkdir(mine, { recursive: true });
    await fs.writeFile(path.join(mine, "SKILL.md"), md("tushare-daily-quotes", "Mine."));
    const data = await exportSkills("claude-code");
    expect(data.report).toContainEqual(
      expect.objectContaining({ folder: "tushare-daily-quotes", action: "not-ours" }),
    );
    expect(await fs.readFile(path.join(mine, "SKILL.md"), "utf8")).toContain("Mine.");
    const text = await run("config", "export", "--host", "claude-code");
    expect(text.stdout).toContain("a skill connectory did not write has this name: left alone");
    // Uninstalling never removes what Connectory did not write.
    expect((await run("uninstall", "tushare")).code).toBe(0);
    expect(await fs.readFile(path.join(mine, "SKILL.md"), "utf8")).toContain("Mine.");
  });

  it("a hand-made skill byte-identical to the connector's stays the user's: not adopted, not removed (issue 31 #17)", async () => {
    // The connector's own skill, copied by hand where Connectory never wrote (no record there).
    await exportSkills("cursor");
    const copied = path.join(user, ".agents", "skills", "tushare-daily-quotes", "SKILL.md");
    const mine = path.join(user, ".claude", "skills", "tushare-daily-quotes");
    await fs.mkdir(mine, { recursive: true });
    await fs.copyFile(copied, path.join(mine, "SKILL.md"));
    const data = await exportSkills("claude-code");
    expect(data.report).toContainEqual(
      expect.objectContaining({ folder: "tushare-daily-quotes", action: "not-ours" }),
    );
    expect((await run("uninstall", "tushare")).code).toBe(0);
    expect(await fs.readFile(path.join(mine, "SKILL.md"), "utf8")).toContain("name: tushare-daily-quotes");
    // The copy Connectory did write (and recorded) went with the connector.
    await expect(fs.stat(copied)).rejects.toThrow();
  });

  it("reports a skill the user edited since, leaves it, and keeps it through uninstall", async () => {
    await exportSkills("claude-code");
    const file = path.join(user, ".claude", "skills", "tushare-daily-quotes", "SKILL.md");
    await fs.appendFile(file, "\nMy own note.\n");
    const edited = await fs.readFile(file, "utf8");
    const data = await exportSkills("claude-code");
    expect(data.report).toContainEqual(
      expect.objectContaining({ folder: "tushare-daily-quotes", action: "user-edited" }),
    );
    expect(await fs.readFile(file, "utf8")).toBe(edited);
    const removed = await run("uninstall", "tushare");
    expect(removed.code).toBe(0);
    expect(removed.stderr).toContain("left tushare-daily-quotes");
    expect(await fs.readFile(file, "utf8")).toBe(edited);
  });

  it("disable and uninstall remove the connector's skills (backed up); enable + export brings them back", async () => {
    await exportSkills("cursor");
    const dir = path.join(user, ".agents", "skills");
    const disabled = await run("disable", "tushare");
    expect(disabled.code).toBe(0);
    expect(disabled.stderr).toContain(`removed the skills tushare-daily-quotes from ${dir}`);
    expect(await listFiles(dir)).toEqual(["weather-briefing/SKILL.md"]);
    expect(await listFiles(path.join(homePaths(home).backups, "skills"))).toEqual([
      expect.stringMatching(/^tushare-daily-quotes\.[0-9a-f]{8}\.\d{8}T\d+Z\/SKILL\.md$/),
    ]);
    expect((await run("enable", "tushare")).code).toBe(0);
    expect(await listFiles(dir)).toEqual(["weather-briefing/SKILL.md"]);
    const back = await exportSkills("cursor");
    expect(back.report.map((r) => [r.folder, r.action])).toEqual([
      ["tushare-daily-quotes", "add"],
      ["weather-briefing", "unchanged"],
    ]);
    expect((await run("uninstall", "weather")).code).toBe(0);
    expect(await listFiles(dir)).toEqual(["tushare-daily-quotes/SKILL.md"]);
  });

  it("the next export removes the skills of a connector that is no longer active", async () => {
    await exportSkills("claude-code");
    // Credentials gone: tushare's server is inactive, so its skill must leave too.
    expect((await run("credentials", "unset", "tushare")).code).toBe(0);
    const data = await exportSkills("claude-code");
    expect(data.report).toContainEqual(
      expect.objectContaining({ folder: "tushare-daily-quotes", action: "remove" }),
    );
    expect(await listFiles(path.join(user, ".claude", "skills"))).toEqual(["weather-briefing/SKILL.md"]);
  });

  it("updates a skill whose connector changed it, backing up the old copy", async () => {
    await buildHome(home, [connector("notes", { "skills/recall/SKILL.md": md("recall", "Old.") })]);
    await exportSkills("claude-code");
    await buildHome(home, [connector("notes", { "skills/recall/SKILL.md": md("recall", "New.") }, "1.1.0")]);
    const data = await exportSkills("claude-code");
    expect(data.report).toEqual([expect.objectContaining({ folder: "notes-recall", action: "update" })]);
    expect(data.backups).toHaveLength(1);
    expect(await fs.readFile(path.join(data.backups[0]!, "SKILL.md"), "utf8")).toContain("Old.");
    const file = path.join(user, ".claude", "skills", "notes-recall", "SKILL.md");
    expect(await fs.readFile(file, "utf8")).toBe(
      md("recall", "New.").replace("name: recall", "name: notes-recall"),
    );
  });

  it("keeps scripts executable and copies every file of the skill", async () => {
    await buildHome(home, [
      connector("notes", {
        "skills/recall/SKILL.md": md("recall"),
        "skills/recall/scripts/run.sh": "#!/bin/sh\necho hi\n",
        "skills/recall/references/guide.md": "# Guide\n",
      }),
    ]);
    await fs.chmod(
      path.join(
        homePaths(home).cacheRoot,
        "default",
        "notes",
        "1.0.0",
        "skills",
        "recall",
        "scripts",
        "run.sh",
      ),
      0o755,
    );
    await exportSkills("claude-code");
    const dir = path.join(user, ".claude", "skills", "notes-recall");
    expect(await listFiles(dir)).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"]);
    expect((await fs.stat(path.join(dir, "scripts", "run.sh"))).mode & 0o777).toBe(0o755);
    expect((await fs.stat(path.join(dir, "references", "guide.md"))).mode & 0o777).toBe(0o644);
    // No temp folders left beside the skills.
    expect(await fs.readdir(path.dirname(dir))).toEqual(["notes-recall"]);
  });

  it("two connectors' skills that would share a folder: the first keeps it, the other is reported", async () => {
    await buildHome(home, [
      connector("a", { "skills/b-c/SKILL.md": md("b-c", "From a.") }),
      connector("a-b", { "skills/c/SKILL.md": md("c", "From a-b.") }),
    ]);
    const data = await exportSkills("claude-code");
    expect(data.report).toEqual([
      expect.objectContaining({ folder: "a-b-c", connector: "a-b@default", action: "add" }),
      expect.objectContaining({
        folder: "a-b-c",
        connector: "a@default",
        action: "conflict",
        with: "a-b@default",
      }),
    ]);
    expect(await fs.readFile(path.join(user, ".claude/skills/a-b-c/SKILL.md"), "utf8")).toContain(
      "From a-b.",
    );
  });

  it("never writes a skill a host would reject", async () => {
    await buildHome(home, [
      connector("notes", {
        "skills/ok/SKILL.md": md("ok"),
        "skills/bad--name/SKILL.md": md("bad--name"),
        "skills/long/SKILL.md": md("long", "d".repeat(1025)),
        "skills/nameless/SKILL.md": "---\ndescription: d\n---\n",
        [`skills/${"x".repeat(60)}/SKILL.md`]: md("x".repeat(60)),
      }),
    ]);
    const data = await exportSkills("claude-code");
    expect(data.report.map((r) => r.folder)).toEqual(["notes-ok"]);
    expect(data.skipped.map((s) => s.skill).sort()).toEqual([
      "bad--name",
      "long",
      "nameless",
      "x".repeat(60),
    ]);
    expect(data.skipped.find((s) => s.skill === "long")!.reason).toContain("1025 characters");
    expect(data.skipped.find((s) => s.skill === "x".repeat(60))!.reason).toContain("longer than the 64");
    expect(await listFiles(path.join(user, ".claude", "skills"))).toEqual(["notes-ok/SKILL.md"]);
  });

  it("a damaged skills.json stops the export before anything is written", async () => {
    await fs.writeFile(homePaths(home).skillState, '{ "folders": { "x": 5 } }');
    const file = path.join(user, "mcp.json");
    const result = await run("config", "export", "--host", "cursor", "--file", file, "--write");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("skills.json is not what connectory wrote there");
    expect(await listFiles(user)).toEqual([]);
  });
});

describe("skills in config --explain and doctor", () => {
  it("config --explain lists each connector's skills and where they were exported", async () => {
    const before = await run("config", "--explain", "--json");
    const data = JSON.parse(before.stdout) as { skills: unknown[] };
    expect(data.skills).toEqual([
      {
        connector: "tushare@default",
        active: true,
        skills: [{ skill: "daily-quotes", folder: "tushare-daily-quotes", exported: [] }],
      },
      {
        connector: "weather@default",
        active: true,
        skills: [{ skill: "weather-briefing", folder: "weather-briefing", exported: [] }],
      },
    ]);
    await exportSkills("claude-code");
    await exportSkills("cursor");
    const text = await run("config", "--explain");
    const claude = path.join(user, ".claude", "skills", "tushare-daily-quotes");
    const agents = path.join(user, ".agents", "skills", "tushare-daily-quotes");
    expect(text.stdout).toContain(`daily-quotes → ${claude} (claude-code), ${agents} (cursor)`);
    expect(text.stdout).not.toContain(TOKEN);
  });

  it("doctor lists the exported skills, warns on an edited one and fails on one whose connector is inactive", async () => {
    const h = await tempDir();
    await buildHome(h, [{ sample: "weather" }]);
    const env = { ...LAUNCHER, HOME: user };
    const inspected = await cli(["inspect", "weather"], { home: h, env });
    expect(inspected.code, inspected.stderr + inspected.stdout).toBe(0);
    expect((await cli(["config", "export", "--host", "claude-code", "--write"], { home: h, env })).code).toBe(
      0,
    );
    const healthy = await cli(["doctor"], { home: h, env });
    expect(healthy.code, healthy.stdout).toBe(0);
    const where = path.join(user, ".claude", "skills", "weather-briefing");
    expect(healthy.stdout).toContain(`weather-briefing → ${where} (claude-code)`);
    const json = JSON.parse((await cli(["doctor", "--json"], { home: h, env })).stdout) as {
      skills: unknown[];
    };
    expect(json.skills).toHaveLength(1);

    await fs.appendFile(path.join(where, "SKILL.md"), "mine\n");
    const edited = await cli(["doctor"], { home: h, env });
    expect(edited.stdout).toContain(`WARN skill ${where} was edited since connectory wrote it`);

    // An export that found tushare active, then its credentials removed: the skill outlives its server.
    await buildHome(home, [{ sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } }]);
    await exportSkills("claude-code");
    expect((await run("credentials", "unset", "tushare")).code).toBe(0);
    const stale = await run("doctor", "--json");
    const notes = (JSON.parse(stale.stdout) as { notes: string[] }).notes;
    expect(notes).toContain(
      `FAIL skill ${path.join(user, ".claude", "skills", "tushare-daily-quotes")} belongs to tushare@default, which is no longer active: run \`connectory config export --host claude-code --write\``,
    );
    expect(stale.code).toBe(1);
  });
});
