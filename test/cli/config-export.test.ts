import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { applyEntryChanges, entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { HOSTS, HOST_IDS, type HostId } from "../../src/core/hosts/index.js";
import { homePaths } from "../../cli/home/home.js";
import { hostPathCandidates } from "../../cli/hosts/host-paths.js";
import { BIN, cli, ROOT } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { MALFORMED, USER_FILES } from "../fixtures/hosts/user-files.js";

const TOKEN = "0123456789abcdef".repeat(3) + "01234567";
const LAUNCHER = { CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) };
const FILE_HOSTS = Object.keys(USER_FILES) as HostId[];

let home: string;
let dir: string;

beforeEach(async () => {
  home = await tempDir();
  dir = await tempDir();
  await buildHome(home, [
    { sample: "weather" },
    { sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } },
  ]);
});

function exportTo(host: HostId, file: string, ...extra: string[]) {
  return cli(["config", "export", "--host", host, "--file", file, ...extra], { home, env: LAUNCHER });
}

function entriesOf(host: HostId, text: string): Record<string, unknown> {
  const doc = HOSTS[host].document!;
  return entriesAt(parseHostDocument(doc.format, text, "f"), doc.container, "f");
}

/** An entry's launch as one list: command + args (OpenCode keeps both in `command`, goose in `cmd`). */
function launchOf(entry: unknown): unknown[] {
  const e = entry as { command?: unknown; cmd?: unknown; args?: unknown[] };
  if (Array.isArray(e.command)) return e.command;
  return [e.command ?? e.cmd, ...(e.args ?? [])];
}

/** The file text with Connectory's entries taken out again: must equal what the user had. */
function withoutOurs(host: HostId, text: string, names: string[]): string {
  const doc = HOSTS[host].document!;
  return applyEntryChanges(
    doc.format,
    text,
    doc.container,
    names.map((name) => ({ name })),
    "f",
  );
}

describe.each(FILE_HOSTS)("config export --host %s", (host) => {
  const fixture = USER_FILES[host]!;

  it("writes a fresh file with launcher entries and no secret", async () => {
    const file = path.join(dir, "new", fixture.name);
    const run = await exportTo(host, file, "--write");
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    const text = await fs.readFile(file, "utf8");
    expect(text).not.toContain(TOKEN);
    const entries = entriesOf(host, text);
    expect(Object.keys(entries).sort()).toEqual(["tushare", "weather"]);
    expect(launchOf(entries.weather)).toEqual(["connectory", "run", "weather"]);
  });

  it("keeps the user's file byte-identical outside its entries", async () => {
    const file = path.join(dir, fixture.name);
    await fs.writeFile(file, fixture.text);
    const run = await exportTo(host, file, "--write");
    expect(run.code).toBe(0);
    const text = await fs.readFile(file, "utf8");
    expect(Object.keys(entriesOf(host, text))).toEqual(expect.arrayContaining(["weather", "tushare"]));
    expect(withoutOurs(host, text, ["weather", "tushare"])).toBe(fixture.text);
    // The previous bytes are backed up.
    const backups = await listFiles(path.join(homePaths(home).backups, host));
    expect(backups).toHaveLength(1);
    expect(await fs.readFile(path.join(homePaths(home).backups, host, backups[0]!), "utf8")).toBe(
      fixture.text,
    );
  });

  it("leaves a malformed file untouched with its line and column", async () => {
    const file = path.join(dir, fixture.name);
    const bad = MALFORMED[HOSTS[host].document!.format];
    await fs.writeFile(file, bad.text);
    const run = await exportTo(host, file, "--write");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`${fixture.name.replace(".", "\\.")}:\\d+:\\d+: `));
    expect(run.stderr).toContain("nothing was changed");
    expect(await fs.readFile(file, "utf8")).toBe(bad.text);
    expect(await listFiles(dir)).toEqual([fixture.name]);
    expect(await listFiles(homePaths(home).backups)).toEqual([]);
  });

  it("a second export changes nothing", async () => {
    const file = path.join(dir, fixture.name);
    await fs.writeFile(file, fixture.text);
    expect((await exportTo(host, file, "--write")).code).toBe(0);
    const once = await fs.readFile(file, "utf8");
    const again = await exportTo(host, file, "--write", "--json");
    expect(again.code).toBe(0);
    const data = JSON.parse(again.stdout) as {
      changed: boolean;
      diff: string;
      report: Array<{ action: string }>;
    };
    expect(data.changed).toBe(false);
    expect(data.diff).toBe("");
    expect(data.report.every((r) => r.action === "unchanged")).toBe(true);
    expect(await fs.readFile(file, "utf8")).toBe(once);
  });

  it("removes only its own entry when a connector is uninstalled", async () => {
    const file = path.join(dir, fixture.name);
    await fs.writeFile(file, fixture.text);
    expect((await exportTo(host, file, "--write")).code).toBe(0);
    const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8")) as Record<
      string,
      unknown
    >;
    delete installed["tushare@default"];
    await fs.writeFile(homePaths(home).installed, JSON.stringify(installed));
    const run = await exportTo(host, file, "--write", "--json");
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { report: unknown[] }).report).toContainEqual({
      name: "tushare",
      action: "remove",
    });
    const text = await fs.readFile(file, "utf8");
    expect(Object.keys(entriesOf(host, text))).not.toContain("tushare");
    expect(withoutOurs(host, text, ["weather"])).toBe(fixture.text);
  });

  it("reports an entry the user edited since, and leaves it alone", async () => {
    const file = path.join(dir, fixture.name);
    await fs.writeFile(file, fixture.text);
    expect((await exportTo(host, file, "--write")).code).toBe(0);
    const doc = HOSTS[host].document!;
    const mine = {
      ...(entriesOf(host, await fs.readFile(file, "utf8")).weather as object),
      note: "mine now",
    };
    const edited = applyEntryChanges(
      doc.format,
      await fs.readFile(file, "utf8"),
      doc.container,
      [{ name: "weather", value: mine }],
      "f",
    );
    await fs.writeFile(file, edited);
    const run = await exportTo(host, file, "--write", "--json");
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { report: unknown[] }).report).toContainEqual({
      name: "weather",
      action: "user-edited",
    });
    expect(await fs.readFile(file, "utf8")).toBe(edited);
  });
});

describe("config export", () => {
  it("prints a diff by default and writes nothing", async () => {
    const file = path.join(dir, ".mcp.json");
    const run = await exportTo("claude-code", file);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("+++ ");
    expect(run.stdout).toContain('"weather"');
    expect(run.stdout).toContain("Run again with --write");
    expect(await listFiles(dir)).toEqual([]);
    expect(await listFiles(home)).not.toContain("hosts.json");
  });

  it("inline mode writes rendered values, warns, keeps the file 0600 and redacts the diff", async () => {
    const file = path.join(dir, ".mcp.json");
    const run = await exportTo("claude-code", file, "--mode", "inline", "--write");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("inline mode writes the secrets of tushare");
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    const text = await fs.readFile(file, "utf8");
    expect(text).toContain(`token=${TOKEN}`);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it("routes remote servers of a stdio-only host through connectory run, even inline", async () => {
    const file = path.join(dir, "claude_desktop_config.json");
    const run = await exportTo("claude-desktop", file, "--mode", "inline", "--write");
    expect(run.code).toBe(0);
    const entries = entriesOf("claude-desktop", await fs.readFile(file, "utf8"));
    expect(entries.tushare).toEqual({
      command: "connectory",
      args: ["run", "tushare"],
      env: { CONNECTORY_HOME: home },
    });
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it("routes a sandboxed stdio server through connectory run, even inline (its permissions must hold)", async () => {
    const file = path.join(dir, ".mcp.json");
    const run = await exportTo("claude-code", file, "--mode", "inline", "--write");
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain(
      "weather: it runs sandboxed to its permissions, so it goes through `connectory run`",
    );
    const entries = entriesOf("claude-code", await fs.readFile(file, "utf8"));
    expect(launchOf(entries.weather)).toEqual(["connectory", "run", "weather"]);
    // In Chinese the note is said from the tables; --json keeps the English notes.
    const zh = await exportTo("claude-code", file, "--mode", "inline", "--lang", "zh-CN");
    expect(zh.stderr).toContain("weather：它按权限在沙箱中运行，所以通过 `connectory run` 启动");
    const json = await exportTo("claude-code", file, "--mode", "inline", "--json", "--lang", "zh-CN");
    expect(json.stdout).toContain("weather: it runs sandboxed to its permissions");
  });

  it("uninstall, disable and enable say which exported host files are now out of date", async () => {
    const file = path.join(dir, "mcp.json");
    expect((await exportTo("cursor", file, "--write")).code).toBe(0);
    const fix = `connectory config export --host cursor --file ${file} --write`;
    const disabled = await cli(["disable", "weather"], { home });
    expect(disabled.stderr).toContain(`${file} (cursor, user scope) still lists weather: ${fix}`);
    const enabled = await cli(["enable", "weather"], { home });
    expect(enabled.stderr).toBe("");
    const removed = await cli(["uninstall", "tushare", "--json"], { home });
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ name: "tushare" });
    expect(removed.stderr).toContain(`${file} (cursor, user scope) still lists tushare: ${fix}`);
    // The note names a fix; the host file itself is only ever changed by that export.
    expect(Object.keys(entriesOf("cursor", await fs.readFile(file, "utf8")))).toContain("tushare");
    expect((await exportTo("cursor", file, "--write")).code).toBe(0);
    expect((await cli(["disable", "weather"], { home })).stderr).toContain("still lists weather");
    expect((await cli(["enable", "weather"], { home })).stderr).toBe("");
    // Credentials decide whether a server is active too.
    const unset = await cli(["credentials", "unset", "weather"], { home });
    expect(unset.stderr).toBe("");
    await buildHome(home, [{ sample: "tushare", credentials: { TUSHARE_TOKEN: TOKEN } }]);
    expect((await exportTo("cursor", file, "--write")).code).toBe(0);
    const gone = await cli(["credentials", "unset", "tushare"], { home });
    expect(gone.stderr).toContain(`${file} (cursor, user scope) still lists tushare: ${fix}`);
    const back = await cli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], { home });
    expect(back.stderr).toBe("");
  });

  it("refuses unknown hosts, bad flags and import-only hosts", async () => {
    expect((await cli(["config", "export", "--host", "notepad"], { home })).code).toBe(2);
    expect((await cli(["config", "export"], { home })).code).toBe(2);
    expect((await cli(["config", "export", "--host", "cursor", "--mode", "yolo"], { home })).code).toBe(2);
    expect((await cli(["config", "export", "--host", "windsurf", "--scope", "project"], { home })).code).toBe(
      2,
    );
    const cherry = await cli(["config", "export", "--host", "cherry-studio"], { home, env: { HOME: dir } });
    expect(cherry.code).toBe(2);
    expect(await listFiles(dir)).toEqual([]);
  });

  it("refuses a folder and an oversized file without touching them", async () => {
    const big = path.join(dir, "big.json");
    await fs.writeFile(big, `{"x":"${"a".repeat(5 * 1024 * 1024)}"}`);
    const run = await exportTo("cursor", big, "--write");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("larger than");
    const folder = await exportTo("cursor", dir, "--write");
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain("not a regular file");
  });

  it("the diff hides the env and header values of the user's own servers", async () => {
    const file = path.join(dir, "mcp.json");
    const mine =
      '{\n  "mcpServers": {\n    "gh": {\n      "command": "npx",\n      "env": { "GITHUB_TOKEN": "ghp_canary777" }\n    },\n    "api": { "url": "https://x", "headers": { "Authorization": "Bearer canary888" } },\n    "pg": { "command": "pg-mcp", "args": ["postgresql://app:canary999@db/app"] }\n  }\n}\n';
    // Issue 31 #20: a URL password in an argument is a secret too.
    await fs.writeFile(file, mine);
    for (const extra of [[], ["--json"], ["--write"]]) {
      const run = await exportTo("cursor", file, ...extra);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toContain("canary");
    }
    // Only the printed diff is redacted: the file keeps the user's values.
    expect(await fs.readFile(file, "utf8")).toContain('"GITHUB_TOKEN": "ghp_canary777"');
  });

  it("opencode: a V2 file (servers under mcp.servers) is edited there, the rest kept", async () => {
    const file = path.join(dir, "opencode.jsonc");
    const v2 = `{
  // V2 config
  "mcp": {
    "servers": {
      "mine": { "type": "local", "command": ["node", "mine.js"], "disabled": false },
    },
  },
}
`;
    await fs.writeFile(file, v2);
    expect((await exportTo("opencode", file, "--write", "--no-skills")).code).toBe(0);
    const text = await fs.readFile(file, "utf8");
    const servers = entriesAt(parseHostDocument("jsonc", text, "f"), ["mcp", "servers"], "f");
    expect(Object.keys(servers).sort()).toEqual(["mine", "tushare", "weather"]);
    expect(servers.weather).toMatchObject({ type: "local", command: ["connectory", "run", "weather"] });
    const names = ["weather", "tushare"].map((name) => ({ name }));
    expect(applyEntryChanges("jsonc", text, ["mcp", "servers"], names, "f")).toBe(v2);
    const again = await exportTo("opencode", file, "--write", "--no-skills", "--json");
    expect((JSON.parse(again.stdout) as { changed: boolean }).changed).toBe(false);
  });

  it("edits a symlinked config where it points", async () => {
    const real = path.join(dir, "real.json");
    await fs.writeFile(real, USER_FILES.cursor!.text);
    const link = path.join(dir, "mcp.json");
    await fs.symlink(real, link);
    expect((await exportTo("cursor", link, "--write")).code).toBe(0);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, "utf8")).toContain('"weather"');
  });

  it("uses the host's own path from HOME for the user scope", async () => {
    const run = await cli(["config", "export", "--host", "cursor", "--write"], {
      home,
      env: { ...LAUNCHER, HOME: dir },
    });
    expect(run.code).toBe(0);
    // Cursor loads skills from the shared ~/.agents/skills: the connectors' skills land there.
    expect(await listFiles(dir)).toEqual([
      ".agents/skills/tushare-daily-quotes/SKILL.md",
      ".agents/skills/weather-briefing/SKILL.md",
      ".cursor/mcp.json",
    ]);
  });
});

// Project files are committed: they must launch `connectory` by name, with no path or home of this machine.
const PROJECT_HOSTS = HOST_IDS.filter(
  (h) =>
    hostPathCandidates(h, "project", { platform: process.platform, env: {}, homedir: "/h", cwd: "/p" })
      .length > 0,
);

/** A folder holding an executable `connectory` (what `npm i -g` puts on PATH). */
async function pathWithConnectory(): Promise<string> {
  const bin = await tempDir();
  await fs.writeFile(path.join(bin, "connectory"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {
    mode: 0o755,
  });
  return bin;
}

function exportProject(host: HostId, project: string, env: Record<string, string>, ...extra: string[]) {
  return cli(["config", "export", "--host", host, "--scope", "project", "--write", ...extra], {
    home,
    cwd: project,
    env,
  });
}

describe("config export --scope project: portable files", () => {
  it("covers every host with a project file", () => {
    expect(PROJECT_HOSTS).toEqual([
      "claude-code",
      "cursor",
      "vscode",
      "roo-code",
      "zed",
      "codex",
      "gemini-cli",
      "workbuddy",
      "trae",
      "kiro",
      "opencode",
      "warp",
      "amp",
      "junie",
    ]);
  });

  it.each(PROJECT_HOSTS)(
    "%s: `connectory run <server>`, no absolute path, no CONNECTORY_HOME",
    async (host) => {
      const project = await tempDir();
      // Even with a custom launcher and a non-default home set here, the shared file stays portable.
      const env = { PATH: "", CONNECTORY_LAUNCHER: JSON.stringify([process.execPath, BIN]) };
      const run = await exportProject(host, project, env);
      expect(run.code, run.stderr).toBe(0);
      // Skills folders (.claude/skills, .agents/skills) are covered in config-export-skills.test.ts.
      const files = (await listFiles(project)).filter((f) => !/^\.[a-z]+\/skills\//.test(f));
      const [written, ...others] = files;
      expect(others).toEqual([]);
      const file = path.join(project, written!);
      const text = await fs.readFile(file, "utf8");
      for (const local of [home, process.execPath, ROOT, "CONNECTORY_HOME"])
        expect(text).not.toContain(local);
      // No quoted string in the file starts with an absolute path (POSIX or Windows).
      expect(text).not.toMatch(/["']([A-Za-z]:[\\/]|\/)/);
      const entries = entriesOf(host, text);
      expect(Object.keys(entries).sort()).toEqual(["tushare", "weather"]);
      for (const [name, entry] of Object.entries(entries)) {
        expect(launchOf(entry)).toEqual(["connectory", "run", name]);
        for (const env of ["env", "environment", "envs"]) expect(entry).not.toHaveProperty(env);
      }
      expect(run.stderr).toContain("starts `connectory` from PATH, and it is not on PATH here");
      expect(run.stderr).toContain("npm i -g connectory");
      expect(
        run.stderr
          .trim()
          .split("\n")
          .filter((l) => l.startsWith("note:")),
      ).toHaveLength(1);

      // Ownership holds: a second export changes nothing.
      const again = await exportProject(host, project, env, "--json");
      expect(again.code).toBe(0);
      const data = JSON.parse(again.stdout) as { changed: boolean; report: Array<{ action: string }> };
      expect(data.changed).toBe(false);
      expect(data.report.map((r) => r.action)).toEqual(["unchanged", "unchanged"]);
      expect(await fs.readFile(file, "utf8")).toBe(text);
    },
  );

  it("prints no note when `connectory` is on PATH, and still notes a non-executable one", async () => {
    const project = await tempDir();
    const found = await exportProject("cursor", project, {
      PATH: `/nonexistent:${await pathWithConnectory()}`,
    });
    expect(found.code).toBe(0);
    expect(found.stderr).not.toContain("not on PATH");
    const plain = await tempDir();
    await fs.writeFile(path.join(plain, "connectory"), "not a program", { mode: 0o644 });
    const other = await tempDir();
    const missing = await exportProject("cursor", other, { PATH: plain });
    expect(missing.code).toBe(0);
    expect(missing.stderr).toContain("not on PATH here");
  });

  it("a project file exported by an older version (absolute launcher) is updated to the portable one", async () => {
    const project = await tempDir();
    const file = path.join(project, ".mcp.json");
    const old = await cli(["config", "export", "--host", "claude-code", "--file", file, "--write"], { home });
    expect(old.code).toBe(0);
    expect(await fs.readFile(file, "utf8")).toContain(process.execPath);
    const run = await exportProject("claude-code", project, { PATH: "" }, "--json");
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as { report: Array<{ name: string; action: string }> };
    expect(data.report.map((r) => r.action)).toEqual(["update", "update"]);
    const entries = entriesOf("claude-code", await fs.readFile(file, "utf8"));
    expect(entries.weather).toEqual({ type: "stdio", command: "connectory", args: ["run", "weather"] });
  });

  it("refuses --mode inline when a secret would be written into the project file, and writes nothing", async () => {
    const project = await tempDir();
    for (const extra of [[], ["--json"]]) {
      const run = await exportProject("claude-code", project, { PATH: "" }, "--mode", "inline", ...extra);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("would write the secrets of tushare");
      expect(run.stderr).toContain("--mode launcher");
      expect(run.stderr).toContain("--scope user");
      expect(run.stdout + run.stderr).not.toContain(TOKEN);
    }
    // Without --write too: the plan would show a file that must not be written.
    const plan = await cli(
      ["config", "export", "--host", "cursor", "--scope", "project", "--mode", "inline"],
      {
        home,
        cwd: project,
      },
    );
    expect(plan.code).toBe(1);
    expect(await listFiles(project)).toEqual([]);
    expect(await listFiles(home)).not.toContain("hosts.json");
  });

  it("writes secrets into a project file only with --allow-secrets-in-project", async () => {
    const project = await tempDir();
    const run = await exportProject(
      "claude-code",
      project,
      { PATH: "" },
      "--mode",
      "inline",
      "--allow-secrets-in-project",
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("inline mode writes the secrets of tushare");
    expect(await fs.readFile(path.join(project, ".mcp.json"), "utf8")).toContain(`token=${TOKEN}`);
  });

  it("exports --mode inline into a project file when no secret is rendered", async () => {
    const project = await tempDir();
    expect((await cli(["disable", "tushare"], { home })).code).toBe(0);
    const run = await exportProject("claude-code", project, { PATH: "" }, "--mode", "inline");
    expect(run.code, run.stderr).toBe(0);
    expect(
      Object.keys(entriesOf("claude-code", await fs.readFile(path.join(project, ".mcp.json"), "utf8"))),
    ).toEqual(["weather"]);
  });

  it("the user scope keeps this machine's absolute launcher and home, with no PATH note", async () => {
    const run = await cli(["config", "export", "--host", "cursor", "--write"], {
      home,
      env: { HOME: dir, PATH: "" },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("not on PATH");
    const entries = entriesOf("cursor", await fs.readFile(path.join(dir, ".cursor", "mcp.json"), "utf8"));
    expect(entries.weather).toEqual({
      command: process.execPath,
      args: [BIN, "run", "weather"],
      env: { CONNECTORY_HOME: home },
    });
  });
});
