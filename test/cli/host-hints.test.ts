import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli, type CliOptions } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// Every printed fix names the file it is about and repeats the export that wrote it (scope included),
// a vanished host file is forgotten, and a bad CONNECTORY_LAUNCHER is a clear error.

const PROJECT_FIX = "connectory config export --host claude-code --scope project --write";
let home: string;
let project: string;
let at: (cwd: string) => CliOptions;

beforeEach(async () => {
  home = await tempDir();
  project = await tempDir();
  await buildHome(home, [{ sample: "weather" }]);
  at = (cwd) => ({ home, cwd, env: { PATH: "" } });
});

async function hostsJson(): Promise<{ files: Record<string, { scope?: string; mode?: string }> }> {
  return JSON.parse(await fs.readFile(homePaths(home).hostState, "utf8"));
}

it("after a project export, disable prints the same project export (no --file, no absolute launcher)", async () => {
  const file = path.join(project, ".mcp.json");
  expect(
    (await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project)))
      .code,
  ).toBe(0);
  expect((await hostsJson()).files[file]).toMatchObject({ scope: "project", mode: "launcher" });

  const disabled = await cli(["disable", "weather"], at(project));
  expect(disabled.code).toBe(0);
  expect(disabled.stderr).toContain(
    `${file} (claude-code, project scope) still lists weather: ${PROJECT_FIX}\n`,
  );
  expect(disabled.stderr).not.toContain("--file");

  // From another folder the scope alone would pick another file: the fix names this one too.
  const elsewhere = await tempDir();
  await cli(["enable", "weather"], at(project));
  await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project));
  const again = await cli(["disable", "weather"], at(elsewhere));
  const fix = `connectory config export --host claude-code --scope project --file ${file} --write`;
  expect(again.stderr).toContain(`still lists weather: ${fix}`);
  await cli(["enable", "weather"], at(elsewhere));
  // Following it keeps the file portable: `connectory run`, never this machine's node or bin path.
  const run = await cli(fix.split(" ").slice(1), at(elsewhere));
  expect(run.code, run.stderr).toBe(0);
  const text = await fs.readFile(file, "utf8");
  expect(JSON.parse(text).mcpServers.weather).toMatchObject({
    command: "connectory",
    args: ["run", "weather"],
  });
  expect(text).not.toContain(process.execPath);
  expect(run.stdout).toContain("Claude Code (project)");
});

it("--file without --scope keeps the scope the file was exported with", async () => {
  const file = path.join(project, ".mcp.json");
  await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project));
  await cli(["disable", "weather"], at(project));
  const run = await cli(["config", "export", "--host", "claude-code", "--file", file, "--write", "--json"], {
    ...at(await tempDir()),
    env: { PATH: "", CONNECTORY_LAUNCHER: JSON.stringify([process.execPath, "/x/bin/connectory.js"]) },
  });
  expect(run.code, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ scope: "project" });
  await cli(["enable", "weather"], at(project));
  await cli(["config", "export", "--host", "claude-code", "--file", file, "--write"], at(await tempDir()));
  expect(await fs.readFile(file, "utf8")).not.toContain("/x/bin/connectory.js");
  expect(JSON.parse(await fs.readFile(file, "utf8")).mcpServers.weather.command).toBe("connectory");
});

it("doctor's suggestion edits the file it reported, with its scope", async () => {
  await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project));
  await cli(["disable", "weather"], at(project));
  const run = await cli(["doctor"], at(project));
  expect(run.code).toBe(1);
  const file = path.join(project, ".mcp.json");
  expect(run.stdout).toContain(
    `FAIL ${file} (claude-code, project scope) still lists "weather", which is no longer active: run \`${PROJECT_FIX}\``,
  );
  // Following the suggestion makes doctor pass.
  expect((await cli(PROJECT_FIX.split(" ").slice(1), at(project))).code).toBe(0);
  expect((await cli(["doctor"], at(project))).stdout).not.toContain("still lists");
});

it("a host file that disappeared is reported as gone and its record dropped", async () => {
  const file = path.join(project, ".mcp.json");
  await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project));
  await fs.rm(file);
  const removed = await cli(["uninstall", "weather"], at(project));
  expect(removed.code).toBe(0);
  expect(removed.stderr).toContain(`${file} (claude-code, project scope) no longer exists`);
  expect(removed.stderr).not.toContain("still lists");
  expect((await hostsJson()).files).toEqual({});
  const doctor = await cli(["doctor", "--json"], at(project));
  expect(doctor.stdout).not.toContain("still lists");
  expect(JSON.parse(doctor.stdout).hostFilesGone).toEqual([]);
});

it("doctor reports a vanished host file once, as a warning, and forgets it", async () => {
  const file = path.join(project, ".mcp.json");
  await cli(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], at(project));
  await fs.rm(file);
  const first = await cli(["doctor", "--json"], at(project));
  const data = JSON.parse(first.stdout);
  expect(data.hostFilesGone).toEqual([{ host: "claude-code", file, scope: "project" }]);
  expect(data.notes.join("\n")).toContain(`WARN ${file} (claude-code, project scope) no longer exists`);
  expect(data.notes.join("\n")).not.toContain("still lists");
  expect(JSON.parse((await cli(["doctor", "--json"], at(project))).stdout).hostFilesGone).toEqual([]);
});

it.each([
  ["not JSON", "connectory"],
  ["empty", "[]"],
  ["an empty command", '[""]'],
  ["not strings", "[1]"],
  ["an object", '{"command":"x"}'],
  ["oversized and truncated", "[" + '"a",'.repeat(5000)],
])("CONNECTORY_LAUNCHER %s is a clear error with a code, and nothing is written", async (_what, value) => {
  const userHome = await tempDir();
  const options = { home, cwd: project, env: { HOME: userHome, CONNECTORY_LAUNCHER: value } };
  const run = await cli(["config", "export", "--host", "claude-code", "--write", "--json"], options);
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout).error.code).toBe("launcher.invalid");
  expect(run.stderr).toContain("CONNECTORY_LAUNCHER must be a JSON array of strings");
  expect(run.stderr).toContain(`CONNECTORY_LAUNCHER='["connectory"]'`);
  expect(run.stderr).not.toContain("bug");
  expect(run.stderr.length).toBeLessThan(600);
  expect(await listFiles(userHome)).toEqual([]);
});

it("a hosts.json with a wrong scope is reported with its path and never overwritten", async () => {
  const file = path.join(project, ".mcp.json");
  await fs.writeFile(file, "{}");
  const damaged = JSON.stringify({
    version: 1,
    files: { [file]: { host: "claude-code", scope: "galaxy", entries: {} } },
  });
  await fs.writeFile(homePaths(home).hostState, damaged);
  const run = await cli(
    ["config", "export", "--host", "claude-code", "--file", file, "--write"],
    at(project),
  );
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(homePaths(home).hostState);
  expect(run.stderr).toContain('"scope" is neither "user" nor "project"');
  expect(await fs.readFile(homePaths(home).hostState, "utf8")).toBe(damaged);
  expect(await fs.readFile(file, "utf8")).toBe("{}");
});
