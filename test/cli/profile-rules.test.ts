import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { rulesFor, toolRulesPath } from "../../cli/home/tool-rules-store.js";
import { judgeTool, layerRules } from "../../src/core/tools/tool-rules.js";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { toolsConnector, writeTools } from "./inspect-fixtures.js";

// Per-profile allow/deny rules: `tools allow|deny|reset --profile`, applied on top of the server's
// rules where that profile is served (gateway --profile, tools --profile), never by `run`.

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  await writeTools(tools);
  await buildHome(home, [toolsConnector("notes", tools), toolsConnector("tasks", tools)]);
  expect((await cli(["profile", "create", "work", "notes", "tasks"], { home })).code).toBe(0);
  return home;
}

const names = (stdout: string) => (JSON.parse(stdout) as { routes: object }).routes;

describe("per-profile tool rules", () => {
  it("tools deny --profile stores the profile's own rule and leaves the server's alone", async () => {
    const home = await setup();
    const run = await cli(["tools", "deny", "notes", "search", "--profile", "work", "--json"], { home });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ server: "notes", profile: "work", deny: ["search"] });
    const file = JSON.parse(await fs.readFile(toolRulesPath(home), "utf8"));
    expect(file).toEqual({ version: 1, servers: {}, profiles: { work: { notes: { deny: ["search"] } } } });
    const reset = await cli(["tools", "reset", "notes", "--profile", "work"], { home });
    expect(reset.code).toBe(0);
    expect(JSON.parse(await fs.readFile(toolRulesPath(home), "utf8"))).toEqual({ version: 1, servers: {} });
  });

  it("refuses an unknown profile, the default profile and a hostile name, writing nothing", async () => {
    const home = await setup();
    const unknown = await cli(["tools", "deny", "notes", "x", "--profile", "nope"], { home });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no profile named "nope"');
    const dflt = await cli(["tools", "deny", "notes", "x", "--profile", "default"], { home });
    expect(dflt.code).toBe(2);
    expect(dflt.stderr).toContain("the default profile has no rules of its own");
    const hostile = await cli(["tools", "deny", "notes", "x", "--profile", "__proto__"], { home });
    expect(hostile.code).not.toBe(0);
    await expect(fs.access(toolRulesPath(home))).rejects.toThrow();
  });

  it("a damaged profiles part of tool-rules.json is an error, never reset", async () => {
    const home = await setup();
    const bad = JSON.stringify({
      version: 1,
      servers: {},
      profiles: { work: { notes: { deny: "search" } } },
    });
    await fs.writeFile(toolRulesPath(home), bad);
    const run = await cli(["tools", "deny", "notes", "list", "--profile", "work"], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('profile "work": server "notes"');
    expect(await fs.readFile(toolRulesPath(home), "utf8")).toBe(bad);
  });

  it("tools --profile --format openai|anthropic exports only the tools both rules allow", async () => {
    const home = await setup();
    expect((await cli(["tools", "allow", "tasks", "list"], { home })).code).toBe(0);
    expect((await cli(["tools", "deny", "notes", "search", "--profile", "work"], { home })).code).toBe(0);
    expect((await cli(["tools", "deny", "tasks", "list", "--profile", "work"], { home })).code).toBe(0);
    const all = await cli(["tools", "--json"], { home });
    expect(Object.keys(names(all.stdout)).sort()).toEqual(["notes__list", "notes__search", "tasks__list"]);
    for (const format of ["openai", "anthropic"]) {
      const run = await cli(["tools", "--profile", "work", "--format", format], { home });
      expect(run.code, run.stderr).toBe(0);
      const tools = JSON.parse(run.stdout) as Array<{ name?: string; function?: { name: string } }>;
      expect(tools.map((t) => t.name ?? t.function?.name)).toEqual(["notes__list"]);
      expect(run.stderr).toContain('deny "search" of notes in profile work');
    }
  });

  it("config --explain --profile shows the profile's rules and what they hide", async () => {
    const home = await setup();
    expect((await cli(["inspect", "notes"], { home })).code).toBe(0);
    expect((await cli(["tools", "deny", "notes", "sea*", "--profile", "work"], { home })).code).toBe(0);
    const run = await cli(["config", "--explain", "--profile", "work", "--json"], { home });
    const notes = JSON.parse(run.stdout).servers.find((s: { name: string }) => s.name === "notes");
    expect(notes.toolRules).toEqual({
      allow: [],
      deny: [],
      profile: { name: "work", allow: [], deny: ["sea*"] },
      hidden: [{ tool: "search", rule: 'deny "sea*" of notes in profile work' }],
    });
    const text = await cli(["config", "--explain", "--profile", "work"], { home });
    expect(text.stdout).toContain("notes in profile work: allow (none); deny sea*");
    const plain = await cli(["config", "--explain", "--json"], { home });
    expect(
      JSON.parse(plain.stdout).servers.find((s: { name: string }) => s.name === "notes").toolRules,
    ).toBeUndefined();
  });

  it(
    "gateway --profile hides and refuses the profile's denied tool; run does not apply it",
    { timeout: 90_000 },
    async () => {
      const home = await setup();
      expect((await cli(["tools", "deny", "notes", "search", "--profile", "work"], { home })).code).toBe(0);
      for (const argv of [["gateway", "--profile", "work"], ["gateway"], ["run", "notes"]]) {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: [BIN, ...argv],
          env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1" },
          stderr: "ignore",
        });
        const client = new Client({ name: "host", version: "1" });
        await client.connect(transport);
        const listed = (await client.listTools()).tools.map((t) => t.name);
        const search = argv[0] === "run" ? "search" : "notes__search";
        if (argv.includes("work")) {
          expect(listed).not.toContain(search);
          await expect(client.callTool({ name: search, arguments: { query: "x" } })).rejects.toMatchObject({
            code: -32003,
            message: expect.stringContaining('deny "search" of notes in profile work'),
          });
        } else expect(listed).toContain(search);
        await client.close();
      }
    },
  );
});

describe("layered rules", () => {
  it("a tool must pass the server's rules and then the profile's", () => {
    const rules = layerRules({ allow: ["s*", "list"] }, { name: "work", rules: { allow: ["*h"] } });
    expect(judgeTool("notes", rules, "search")).toEqual({ visible: true });
    expect(judgeTool("notes", rules, "list")).toEqual({
      visible: false,
      rule: 'not in the allow list of notes in profile work ("*h")',
    });
    expect(judgeTool("notes", rules, "delete").visible).toBe(false);
    expect(layerRules(undefined, { name: "work", rules: { deny: [] } })).toBeUndefined();
    const file = {
      version: 1 as const,
      servers: { a: { deny: ["x"] } },
      profiles: { work: { b: { deny: ["y"] } } },
    };
    expect(rulesFor(file, undefined)).toBe(file.servers);
    expect(rulesFor(file, "other")).toBe(file.servers);
    expect(Object.keys(rulesFor(file, "work")).sort()).toEqual(["a", "b"]);
    expect(judgeTool("b", rulesFor(file, "work").b, "y").visible).toBe(false);
  });
});
