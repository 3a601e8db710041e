import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import {
  comparePins,
  pinnedFrom,
  readPins,
  recordPins,
  removePins,
  serverPins,
} from "../../cli/home/pins-store.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { FIXTURE_TOOLS, SERVERS, toolsConnector, writeTools } from "./inspect-fixtures.js";
import type { McpTool } from "../../src/core/tools/types.js";

const tools = FIXTURE_TOOLS as McpTool[];

describe("pins store", () => {
  it("records, reads, compares and removes a server's pins", async () => {
    const h = await tempDir();
    expect(await readPins(h)).toEqual({ version: 1, servers: {} });
    await recordPins(h, "notes", tools, { now: new Date("2026-02-03T04:05:06Z") });
    const pins = await serverPins(h, "notes");
    expect(pins?.pinnedAt).toBe("2026-02-03T04:05:06.000Z");
    expect(comparePins(pins, tools)).toEqual({ status: "match", pinnedAt: "2026-02-03T04:05:06.000Z" });
    expect(comparePins(pins, tools.slice(1)).status).toBe("drift");
    expect(comparePins(undefined, tools)).toEqual({ status: "unpinned" });
    expect(await removePins(h, (s) => s === "notes")).toEqual(["notes"]);
    expect(await removePins(h, (s) => s === "notes")).toEqual([]);
    expect(await serverPins(h, "notes")).toBeUndefined();
  });

  it("forgets only the pins approved for one connector; with nothing to forget it writes no file", async () => {
    const h = await tempDir();
    expect(await removePins(h, () => true)).toEqual([]);
    await expect(fs.stat(homePaths(h).pins)).rejects.toMatchObject({ code: "ENOENT" });
    const from = (connector: string, marketplace: string) =>
      ({ kind: "connector", file: "x", connector, marketplace }) as const;
    await recordPins(h, "a", tools, { origin: from("notes", "default") });
    await recordPins(h, "b", tools, { origin: from("notes", "other") });
    await recordPins(h, "c", tools, { origin: { kind: "manual", file: "mcp.json" } });
    expect(await removePins(h, pinnedFrom("notes", "default"))).toEqual(["a"]);
    expect(Object.keys((await readPins(h)).servers)).toEqual(["b", "c"]);
  });

  it("keeps every server when several are pinned at once (locked read-modify-write)", async () => {
    const h = await tempDir();
    await Promise.all(Array.from({ length: 8 }, (_, i) => recordPins(h, `s${i}`, tools)));
    expect(Object.keys((await readPins(h)).servers).sort()).toEqual([
      "s0",
      "s1",
      "s2",
      "s3",
      "s4",
      "s5",
      "s6",
      "s7",
    ]);
  });

  it("treats a server named __proto__ or constructor as data", async () => {
    const h = await tempDir();
    await recordPins(h, "__proto__", tools);
    expect(await serverPins(h, "constructor")).toBeUndefined();
    expect(Object.keys((await readPins(h)).servers)).toEqual(["__proto__"]);
    expect(comparePins(await serverPins(h, "__proto__"), tools).status).toBe("match");
  });

  it.each([
    ["an array", "[]"],
    ["servers as a list", '{"version":1,"servers":[]}'],
    [
      "a tool without a definition",
      '{"version":1,"servers":{"a":{"pinnedAt":"x","tools":{"t":{"sha256":"y"}}}}}',
    ],
  ])("refuses %s and writes nothing", async (_what, text) => {
    const h = await tempDir();
    await fs.writeFile(homePaths(h).pins, text);
    await expect(recordPins(h, "a", tools)).rejects.toMatchObject({ code: "pins.file.invalid" });
    expect(await fs.readFile(homePaths(h).pins, "utf8")).toBe(text);
  });
});

/** `connectory run <server>` with a scripted host that initializes and lists the tools once. */
function runListing(server: string, home: string) {
  const lines = [
    {
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    },
    { method: "notifications/initialized" },
    { id: 2, method: "tools/list", params: {} },
  ];
  const stdin = lines.map((l) => JSON.stringify({ jsonrpc: "2.0", ...l })).join("\n") + "\n";
  return cli(["run", server], { home, stdin });
}

/** The error run answered the host's tools/list with, if any. */
function listError(stdout: string): { code: number; message: string } | undefined {
  const lines = stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
  return lines.find((m) => m.id === 2)?.error;
}

describe("approving tools: run's in-session check and trust", () => {
  async function setup() {
    const dir = await tempDir();
    const file = path.join(dir, "tools.json");
    await writeTools(file);
    const h = path.join(dir, "home");
    await buildHome(h, [toolsConnector("notes", file)]);
    return { h, file };
  }

  it("pins on first run, refuses a drifted server with the diff, and runs again once trusted", async () => {
    const { h, file } = await setup();
    const first = await runListing("notes", h);
    expect(first.code).toBe(0);
    expect(listError(first.stdout)).toBeUndefined();
    expect(first.stderr).toContain("first run of notes: pinned its 2 tool definitions");
    expect(await serverPins(h, "notes")).toBeDefined();

    const changed = structuredClone(FIXTURE_TOOLS) as any;
    changed.push({ name: "exfiltrate", inputSchema: { type: "object" } });
    await writeTools(file, changed);
    const refused = await runListing("notes", h);
    expect(listError(refused.stdout)).toMatchObject({ code: -32001 });
    expect(refused.stdout).not.toContain('"name":"exfiltrate"');
    expect(refused.stderr).toContain("+ tool exfiltrate was added");

    const trust = await cli(["trust", "notes", "--json"], { home: h });
    expect(trust.code).toBe(0);
    expect(JSON.parse(trust.stdout)).toMatchObject({
      server: "notes",
      tools: 3,
      drift: [{ tool: "exfiltrate", kind: "added" }],
    });
    expect(listError((await runListing("notes", h)).stdout)).toBeUndefined();
  });

  it("uninstall drops the pins of the connector's servers (they do not outlive it)", async () => {
    const { h } = await setup();
    expect((await runListing("notes", h)).code).toBe(0);
    expect(await serverPins(h, "notes")).toBeDefined();
    const r = await cli(["uninstall", "notes"], { home: h });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await fs.readFile(homePaths(h).pins, "utf8")).servers).toEqual({});
  });

  it("uninstall with an unreadable pins.json stops before changing anything", async () => {
    const { h } = await setup();
    await fs.writeFile(homePaths(h).pins, "{ not json");
    const installed = await fs.readFile(homePaths(h).installed, "utf8");
    const r = await cli(["uninstall", "notes", "--json"], { home: h });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pins.json");
    expect(await fs.readFile(homePaths(h).installed, "utf8")).toBe(installed);
    expect(await fs.readFile(homePaths(h).pins, "utf8")).toBe("{ not json");
  });

  it("mcp remove drops the hand-written server's pins", async () => {
    const { h, file } = await setup();
    const mcp = {
      mcpServers: {
        mine: { command: process.execPath, args: [path.join(SERVERS, "tools-server.mjs"), file] },
      },
    };
    await fs.writeFile(homePaths(h).mcpJson, JSON.stringify(mcp));
    expect((await cli(["trust", "mine"], { home: h })).code).toBe(0);
    expect((await cli(["inspect", "mine"], { home: h })).code).toBe(0);
    expect((await runListing("notes", h)).code).toBe(0);
    expect(Object.keys((await readPins(h)).servers).sort()).toEqual(["mine", "notes"]);
    const r = await cli(["mcp", "remove", "mine"], { home: h });
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(await fs.readFile(homePaths(h).pins, "utf8")).servers)).toEqual(["notes"]);
  });

  it("re-approves a trusted hand-written server's tools when it is trusted again", async () => {
    const { h, file } = await setup();
    const mcp = {
      mcpServers: {
        mine: { command: process.execPath, args: [path.join(SERVERS, "tools-server.mjs"), file] },
      },
    };
    await fs.writeFile(homePaths(h).mcpJson, JSON.stringify(mcp));
    expect((await cli(["trust", "mine"], { home: h })).code).toBe(0);
    expect((await cli(["inspect", "mine"], { home: h })).code).toBe(0);
    const changed = structuredClone(FIXTURE_TOOLS) as any;
    changed[0].description = "Search the notes and upload them";
    await writeTools(file, changed);
    expect(listError((await runListing("mine", h)).stdout)?.message).toContain("connectory trust mine");
    const trust = await cli(["trust", "mine"], { home: h });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain('~ description: "Search the notes" → "Search the notes and upload them"');
    expect(listError((await runListing("mine", h)).stdout)).toBeUndefined();
  });
});
