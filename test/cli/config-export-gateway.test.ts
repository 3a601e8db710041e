import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { HOSTS, type HostId } from "../../src/core/hosts/index.js";
import { homePaths } from "../../cli/home/home.js";
import { exportCommand } from "../../cli/hosts/host-exports.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// `config export --gateway` (one entry for `connectory gateway`) and `--profile` (a profile's
// servers), and what `doctor` and the hints make of such exports.

const LAUNCHER = { CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) };
let home: string;
let dir: string;

beforeEach(async () => {
  home = await tempDir();
  dir = await tempDir();
  await buildHome(home, [
    { sample: "weather" },
    { sample: "tushare", credentials: { TUSHARE_TOKEN: "0123456789abcdef".repeat(4) } },
  ]);
});

const exportTo = (host: HostId, file: string, ...extra: string[]) =>
  cli(["config", "export", "--host", host, "--file", file, "--no-skills", ...extra], { home, env: LAUNCHER });

async function entries(host: HostId, file: string): Promise<Record<string, unknown>> {
  const doc = HOSTS[host].document!;
  return entriesAt(parseHostDocument(doc.format, await fs.readFile(file, "utf8"), "f"), doc.container, "f");
}

describe("config export --gateway", () => {
  it("writes one gateway entry, replacing the per-server entries it wrote, with a backup", async () => {
    const file = path.join(dir, ".mcp.json");
    expect((await exportTo("claude-code", file, "--write")).code).toBe(0);
    expect(Object.keys(await entries("claude-code", file)).sort()).toEqual(["tushare", "weather"]);

    const run = await exportTo("claude-code", file, "--gateway", "--write", "--json");
    expect(run.code, run.stderr).toBe(0);
    const data = JSON.parse(run.stdout) as {
      gateway: boolean;
      profile: string | null;
      report: Array<{ name: string; action: string }>;
      backup?: string;
    };
    expect(data.gateway).toBe(true);
    expect(data.profile).toBeNull();
    expect(data.report).toEqual(
      expect.arrayContaining([
        { name: "connectory", action: "add" },
        { name: "weather", action: "remove" },
        { name: "tushare", action: "remove" },
      ]),
    );
    const written = await entries("claude-code", file);
    expect(Object.keys(written)).toEqual(["connectory"]);
    expect(written.connectory).toMatchObject({ command: "connectory", args: ["gateway"] });
    expect(data.backup).toBeDefined();
    expect(await listFiles(path.join(homePaths(home).backups, "claude-code"))).toHaveLength(1);
    const state = JSON.parse(await fs.readFile(homePaths(home).hostState, "utf8")) as {
      files: Record<string, { gateway?: boolean; entries: object }>;
    };
    expect(state.files[file]?.gateway).toBe(true);
    expect(Object.keys(state.files[file]?.entries ?? {})).toEqual(["connectory"]);
    // Again: nothing to do.
    const again = JSON.parse((await exportTo("claude-code", file, "--gateway", "--json")).stdout);
    expect(again.changed).toBe(false);
  });

  it("names a profile's gateway connectory-<profile> and launches it with --profile (TOML host too)", async () => {
    expect((await cli(["profile", "create", "work", "weather"], { home })).code).toBe(0);
    const file = path.join(dir, "config.toml");
    const run = await exportTo("codex", file, "--gateway", "--profile", "work", "--write");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("The gateway serves weather");
    const written = await entries("codex", file);
    expect(Object.keys(written)).toEqual(["connectory-work"]);
    expect(written["connectory-work"]).toMatchObject({
      command: "connectory",
      args: ["gateway", "--profile", "work"],
    });
  });

  it("user scope launches this machine's node and bin with CONNECTORY_HOME", async () => {
    const file = path.join(dir, "claude_desktop_config.json");
    const run = await cli(
      ["config", "export", "--host", "claude-desktop", "--file", file, "--gateway", "--write", "--no-skills"],
      { home },
    );
    expect(run.code, run.stderr).toBe(0);
    const entry = (await entries("claude-desktop", file)).connectory as {
      command: string;
      args: string[];
      env?: Record<string, string>;
    };
    expect(entry.command).toBe(process.execPath);
    expect(entry.args.slice(-1)).toEqual(["gateway"]);
    expect(entry.args[0]).toMatch(/bin[\\/]connectory\.js$/);
    expect(entry.env).toEqual({ CONNECTORY_HOME: home });
  });

  it("refuses --mode inline, an unknown profile and a malformed profile name, writing nothing", async () => {
    const file = path.join(dir, ".mcp.json");
    const inline = await exportTo("claude-code", file, "--gateway", "--mode", "inline", "--write");
    expect(inline.code).toBe(2);
    expect(inline.stderr).toContain("--gateway writes a launcher entry");
    const unknown = await exportTo("claude-code", file, "--gateway", "--profile", "nope", "--write");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no profile named "nope"');
    const hostile = await exportTo("claude-code", file, "--profile", "../../etc\u0000", "--write");
    expect(hostile.code).toBe(2);
    expect(hostile.stderr).toContain("is not a valid profile name");
    expect(await listFiles(dir)).toEqual([]);
    await expect(fs.access(homePaths(home).hostState)).rejects.toThrow();
  });
});

describe("config export --profile", () => {
  it("exports only the profile's servers and records the profile", async () => {
    expect((await cli(["profile", "create", "work", "tushare"], { home })).code).toBe(0);
    const file = path.join(dir, ".mcp.json");
    const run = await exportTo("claude-code", file, "--profile", "work", "--write", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).profile).toBe("work");
    expect(Object.keys(await entries("claude-code", file))).toEqual(["tushare"]);
    // weather is not in the profile: no hint asks to add it; the profile's own server gone is stale.
    const disabled = await cli(["disable", "tushare"], { home });
    expect(disabled.stderr).toContain(
      `still lists tushare: connectory config export --host claude-code --file ${file} --profile work --write`,
    );
    expect(disabled.stderr).not.toContain("lacks weather");
  });

  it("hints repeat the export's --profile and --gateway", () => {
    const world = { platform: process.platform, env: {}, homedir: dir, cwd: dir };
    const e = { host: "cursor", file: "/x/mcp.json", scope: "user", mode: "launcher" } as const;
    expect(exportCommand({ ...e, gateway: true, profile: "work" }, world)).toBe(
      "connectory config export --host cursor --file /x/mcp.json --profile work --gateway --write",
    );
    expect(exportCommand(e, world)).not.toContain("--gateway");
  });
});

describe("doctor and a gateway export", () => {
  it("is current with its one entry; fails when its profile is deleted or the entry is not Connectory's", async () => {
    const only = await tempDir();
    await buildHome(only, [{ sample: "weather" }]);
    const opts = { home: only, env: LAUNCHER };
    expect((await cli(["inspect", "weather"], opts)).code).toBe(0);
    expect((await cli(["profile", "create", "work", "weather"], opts)).code).toBe(0);
    const file = path.join(dir, ".mcp.json");
    const gw = ["config", "export", "--host", "claude-code", "--file", file, "--gateway", "--no-skills"];
    expect((await cli([...gw, "--profile", "work", "--write"], opts)).code).toBe(0);

    const ok = await cli(["doctor", "--json"], opts);
    expect(ok.code, ok.stdout).toBe(0);
    const data = JSON.parse(ok.stdout) as { servers: Array<{ hosts: { status: string } }>; notes: string[] };
    expect(data.servers[0]?.hosts.status).toBe("ok");
    expect(data.notes.filter((n) => n.startsWith("FAIL"))).toEqual([]);

    const deleted = await cli(["profile", "delete", "work"], opts);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain(`${file} (claude-code, user scope) was exported for profile work`);
    const gone = await cli(["doctor"], opts);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toContain("was exported for profile work, which no longer exists");

    // The default profile's gateway, but the file already has a "connectory" entry of the user's.
    const other = path.join(dir, "other.json");
    await fs.writeFile(other, JSON.stringify({ mcpServers: { connectory: { command: "mine" } } }));
    const mine = await cli(
      [
        "config",
        "export",
        "--host",
        "claude-code",
        "--file",
        other,
        "--gateway",
        "--write",
        "--no-skills",
        "--json",
      ],
      opts,
    );
    expect(JSON.parse(mine.stdout).report).toEqual([{ name: "connectory", action: "not-ours" }]);
    const lost = await cli(["doctor"], opts);
    expect(lost.stdout).toContain(`${other} (claude-code, user scope) lacks the gateway entry "connectory"`);
  });
});
