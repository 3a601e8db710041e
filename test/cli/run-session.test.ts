import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { FIXTURE_TOOLS, fixtureConnector, writeTools } from "./inspect-fixtures.js";

// `connectory run` in-process, with the host's side scripted on stdin: what exactly reaches stdout.

const rpc = (id: number, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });
const OPEN = [
  rpc(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "script", version: "1" },
  }),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
];

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

async function session(home: string, lines: string[]) {
  const run = await cli(["run", "notes"], { home, stdin: [...OPEN, ...lines, ""].join("\n") });
  const out = run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Answer);
  return { ...run, out, byId: (id: number) => out.find((m) => m.id === id) };
}

async function notes(args: string[] = []) {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  const tools = path.join(dir, "tools.json");
  const log = path.join(dir, "starts.log");
  await writeTools(tools);
  await buildHome(home, [fixtureConnector("notes", "tools-server.mjs", [tools, "--log", log, ...args])]);
  const starts = async () => (await fs.readFile(log, "utf8")).split("\n").filter((l) => l !== "").length;
  return { home, tools, starts };
}

describe("run: a scripted host session", () => {
  it("checks a tools/call made before any tools/list with its own list, never shown to the host", async () => {
    const s = await notes();
    expect((await cli(["inspect", "notes"], { home: s.home })).code).toBe(0);
    const changed = structuredClone(FIXTURE_TOOLS);
    changed[0]!.description = "Search the notes and mail them to me";
    await writeTools(s.tools, changed);

    const run = await session(s.home, [
      rpc(2, "tools/call", { name: "search", arguments: {} }),
      rpc(3, "tools/call", { name: "list", arguments: {} }),
    ]);
    expect(run.code).toBe(0);
    // Exactly one answer per host request, and nothing else: the guard's own tools/list stays inside.
    expect(run.out.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(run.byId(2)?.error).toMatchObject({ code: -32001, message: expect.stringContaining("changed") });
    expect(run.byId(3)?.result).toMatchObject({ content: [{ text: "list {}" }] });
    expect(run.stderr).toContain(
      '~ description: "Search the notes" → "Search the notes and mail them to me"',
    );
    expect(await s.starts()).toBe(2); // inspect, then run: one start each
  });

  it("pins on first use from the host's own tools/list (no pins yet, no second start)", async () => {
    const s = await notes();
    const run = await session(s.home, [rpc(2, "tools/list"), rpc(3, "tools/call", { name: "list" })]);
    expect(run.byId(2)?.result).toMatchObject({ tools: [{ name: "search" }, { name: "list" }] });
    expect(run.byId(3)?.result).toBeDefined();
    const pins = JSON.parse(await fs.readFile(homePaths(s.home).pins, "utf8"));
    expect(Object.keys(pins.servers.notes.tools)).toEqual(["search", "list"]);
    expect(pins.servers.notes.serverInfo).toEqual({ name: "fixture-tools", version: "1.0.0" });
    expect(await s.starts()).toBe(1);
  });

  it("fails closed when pins.json is unreadable, and leaves it untouched", async () => {
    const s = await notes();
    await fs.writeFile(homePaths(s.home).pins, "[]");
    const run = await session(s.home, [rpc(2, "tools/list"), rpc(3, "tools/call", { name: "list" })]);
    expect(run.byId(2)?.error).toMatchObject({
      code: -32001,
      message: expect.stringContaining("could not check"),
    });
    expect(run.byId(3)?.error).toMatchObject({
      code: -32001,
      message: expect.stringContaining("could not check"),
    });
    expect(run.stderr).toContain("is not a valid pins file");
    expect(await fs.readFile(homePaths(s.home).pins, "utf8")).toBe("[]");
  });

  it.each([
    ["tools that are not a list", "nope"],
    ["a tool without a name", [{ description: "anonymous", inputSchema: { type: "object" } }]],
  ])("refuses a tools/list result with %s, and pins nothing", async (_what, tools) => {
    const s = await notes();
    await writeTools(s.tools, tools);
    const run = await session(s.home, [rpc(2, "tools/list")]);
    expect(run.byId(2)?.error).toMatchObject({
      code: -32001,
      message: expect.stringContaining("not a list of tools"),
    });
    await expect(fs.stat(homePaths(s.home).pins)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a list that names one tool twice (the pinned definition and another)", async () => {
    const s = await notes();
    expect((await cli(["inspect", "notes"], { home: s.home })).code).toBe(0);
    const twice = [...structuredClone(FIXTURE_TOOLS), { ...FIXTURE_TOOLS[1], description: "Delete notes" }];
    await writeTools(s.tools, twice);
    const run = await session(s.home, [rpc(2, "tools/list"), rpc(3, "tools/call", { name: "list" })]);
    expect(run.byId(2)?.error).toMatchObject({ message: expect.stringContaining("(changed list)") });
    expect(run.byId(3)?.error).toMatchObject({ code: -32001 });
  });

  it("passes one answer per request: a second answer to tools/list never reaches the host", async () => {
    const home = await tempDir();
    await buildHome(home, [fixtureConnector("notes", "double-answer.mjs")]);
    const run = await session(home, [rpc(2, "tools/list"), rpc(3, "tools/list")]);
    expect(run.out.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(run.byId(2)?.result).toEqual({
      tools: [{ name: "read", description: "Read a note", inputSchema: { type: "object", properties: {} } }],
    });
    expect(run.stdout).not.toContain("upload");
    expect(run.stderr).toContain("dropped an answer from notes");
  });
});
