import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { profilesPath } from "../../cli/home/profiles-store.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { toolsConnector, writeTools } from "./inspect-fixtures.js";

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  await writeTools(tools);
  await buildHome(home, [
    toolsConnector("notes", tools),
    toolsConnector("tasks", tools),
    { sample: "weather" },
  ]);
  return home;
}

describe("profiles", () => {
  it("create, add, remove, show, list and delete, stored in profiles.json", async () => {
    const home = await setup();
    const created = await cli(["profile", "create", "writing", "notes", "--json"], { home });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      profile: "writing",
      members: ["notes"],
      servers: ["notes"],
      missing: [],
    });
    await cli(["profile", "add", "writing", "weather@default", "tasks"], { home });
    await cli(["profile", "remove", "writing", "tasks"], { home });
    const shown = JSON.parse((await cli(["profile", "show", "writing", "--json"], { home })).stdout);
    expect(shown).toEqual({
      profile: "writing",
      members: ["notes", "weather@default"],
      servers: ["notes", "weather"],
      missing: [],
    });
    const all = JSON.parse((await cli(["profile", "show", "default", "--json"], { home })).stdout);
    expect(all.servers.sort()).toEqual(["notes", "tasks", "weather"]);
    await cli(["disable", "tasks"], { home });
    await cli(["profile", "add", "writing", "tasks"], { home });
    const explain = JSON.parse(
      (await cli(["config", "--explain", "--profile", "writing", "--json"], { home })).stdout,
    );
    expect(explain.servers.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ["notes", "active"],
      ["tasks", "disabled"],
      ["weather", "active"],
    ]);
    expect((await cli(["profile", "show", "writing", "--json"], { home })).stdout).toContain(
      '"missing": [\n    "tasks"',
    );
    await cli(["profile", "remove", "writing", "tasks"], { home });
    const list = await cli(["profile", "list", "--json"], { home });
    expect(JSON.parse(list.stdout).profiles.map((p: { name: string }) => p.name)).toEqual(["writing"]);
    expect((await cli(["profile", "delete", "writing"], { home })).code).toBe(0);
    expect(JSON.parse(await fs.readFile(profilesPath(home), "utf8")).profiles).toEqual({});
  });

  it.each([
    [["profile", "create", "Bad Name"], 2, "not a valid profile name"],
    [["profile", "create", "default"], 2, 'the profile "default" is every active server'],
    [["profile", "create", "p", "nosuch"], 1, 'no server or installed connector is named "nosuch"'],
    [["profile", "show", "nope"], 1, 'no profile named "nope"'],
    [["profile", "add", "nope", "notes"], 1, 'no profile named "nope"'],
    [["config", "--profile", "p"], 2, "--profile goes with --explain"],
    [["config", "--explain", "--profile", "nope"], 1, 'no profile named "nope"'],
  ])("%j fails with exit %i and changes nothing", async (argv, code, message) => {
    const home = await setup();
    const run = await cli(argv, { home });
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    await expect(fs.stat(profilesPath(home))).rejects.toThrow();
  });

  it("refuses a second profile of the same name and a damaged profiles.json, leaving the file as it was", async () => {
    const home = await setup();
    await cli(["profile", "create", "p", "notes"], { home });
    const again = await cli(["profile", "create", "p"], { home });
    expect(again.stderr).toContain('a profile named "p" already exists');
    await fs.writeFile(profilesPath(home), '{"version":1,"profiles":{"p":{"members":"notes"}}}');
    const damaged = await cli(["profile", "add", "p", "tasks"], { home });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('profile "p" has no list of "members"');
    expect(await fs.readFile(profilesPath(home), "utf8")).toBe(
      '{"version":1,"profiles":{"p":{"members":"notes"}}}',
    );
  });
});
