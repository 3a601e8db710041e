import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordPins } from "../../cli/home/pins-store.js";
import { toolRulesPath } from "../../cli/home/tool-rules-store.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { FIXTURE_TOOLS, toolsConnector, writeTools } from "./inspect-fixtures.js";

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  await writeTools(tools);
  await buildHome(home, [toolsConnector("notes", tools)]);
  return home;
}

describe("tools allow | deny | reset", () => {
  it("stores the rules, says which pinned tools they hide, and reset removes them", async () => {
    const home = await setup();
    await recordPins(home, "notes", FIXTURE_TOOLS as McpTool[]);
    const deny = await cli(["tools", "deny", "notes", "sea*", "--json"], { home });
    expect(deny.code, deny.stderr).toBe(0);
    expect(JSON.parse(deny.stdout)).toEqual({
      server: "notes",
      profile: null,
      allow: [],
      deny: ["sea*"],
      hidden: ["search"],
    });
    const allow = await cli(["tools", "allow", "notes", "sea*", "list"], { home });
    expect(allow.stdout).toContain("notes: allow sea*, list; deny (none)");
    expect(allow.stdout).toContain("hides 0 of its 2 pinned tools");
    expect(JSON.parse(await fs.readFile(toolRulesPath(home), "utf8"))).toEqual({
      version: 1,
      servers: { notes: { allow: ["sea*", "list"] } },
    });
    await cli(["tools", "deny", "notes", "list"], { home });
    const explain = await cli(["config", "--explain", "--json"], { home });
    expect(JSON.parse(explain.stdout).servers[0].toolRules).toEqual({
      allow: ["sea*"],
      deny: ["list"],
      hidden: [{ tool: "list", rule: 'deny "list" of notes' }],
    });
    expect((await cli(["config", "--explain"], { home })).stdout).toContain(
      'hides list: deny "list" of notes',
    );
    const reset = await cli(["tools", "reset", "notes", "--json"], { home });
    expect(JSON.parse(reset.stdout)).toEqual({
      server: "notes",
      profile: null,
      allow: [],
      deny: [],
      hidden: [],
    });
    expect(JSON.parse(await fs.readFile(toolRulesPath(home), "utf8")).servers).toEqual({});
  });

  it("refuses an unknown server and a bad pattern, writing nothing", async () => {
    const home = await setup();
    const unknown = await cli(["tools", "deny", "nope", "x"], { home });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server named "nope"');
    const bad = await cli(["tools", "allow", "notes", ""], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is empty");
    await expect(fs.stat(toolRulesPath(home))).rejects.toThrow();
  });

  it("refuses to change a damaged tool-rules.json and leaves it as it was", async () => {
    const home = await setup();
    await fs.writeFile(toolRulesPath(home), '{ "version": 1, "servers": { "notes": { "deny": "x" } } }');
    const run = await cli(["tools", "deny", "notes", "search"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"allow" and "deny" must be lists of strings');
    expect(await fs.readFile(toolRulesPath(home), "utf8")).toContain('"deny": "x"');
  });

  it("tools exports only allowed tools, and inspect shows what is hidden and why", async () => {
    const home = await setup();
    await cli(["tools", "allow", "notes", "list"], { home });
    const openai = await cli(["tools", "--format", "openai"], { home });
    expect(openai.code, openai.stderr).toBe(0);
    expect(JSON.parse(openai.stdout).map((t: any) => t.function.name)).toEqual(["notes__list"]);
    expect(openai.stderr).toContain('notes__search (not in the allow list of notes ("list"))');
    const json = JSON.parse((await cli(["tools", "--json"], { home })).stdout);
    expect(json.hidden).toEqual([
      { server: "notes", tool: "search", rule: 'not in the allow list of notes ("list")' },
    ]);
    const inspect = await cli(["inspect", "notes"], { home });
    expect(inspect.stdout).toContain("hidden from hosts (1)");
    expect(inspect.stdout).toContain('search: not in the allow list of notes ("list")');
  });
});
