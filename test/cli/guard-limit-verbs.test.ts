import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { RateLimiter } from "../../cli/mcp/rate-limiter.js";
import { fixtureConnector } from "./inspect-fixtures.js";

// `connectory guard` and `connectory tools limit` in-process: what they store, their refusals, and
// damaged files (an error naming the file, never reset).

async function home() {
  const dir = path.join(await tempDir(), "home");
  await buildHome(dir, [fixtureConnector("notes", "hostile-notes.mjs")]);
  return dir;
}

describe("connectory guard", () => {
  it("sets one kind or all, per server and per profile, and prints the modes in effect", async () => {
    const dir = await home();
    const one = await cli(["guard", "notes", "block", "--kind", "injection", "--json"], { home: dir });
    expect(JSON.parse(one.stdout)).toEqual({
      server: "notes",
      profile: null,
      modes: { secrets: "mask", unicode: "mask", injection: "block" },
    });
    expect((await cli(["profile", "create", "work", "notes"], { home: dir })).code).toBe(0);
    const profiled = await cli(
      ["guard", "notes", "off", "--profile", "work", "--kind", "unicode", "--json"],
      { home: dir },
    );
    expect(JSON.parse(profiled.stdout).modes).toEqual({
      secrets: "mask",
      unicode: "off",
      injection: "block",
    });
    const explain = await cli(["config", "--explain", "--json"], { home: dir });
    expect(JSON.parse(explain.stdout).servers[0].guards).toEqual({
      secrets: "mask",
      unicode: "mask",
      injection: "block",
    });
  });

  it.each([
    [["guard", "notes", "shout"], /the mode is one of mask, warn, block, off/],
    [["guard", "notes", "mask", "--kind", "emoji"], /--kind is one of secrets, unicode, injection/],
    [["guard", "nope", "mask"], /no server named "nope"/],
    [["guard", "notes", "mask", "--profile", "default"], /the default profile has no modes of its own/],
    [["guard", "notes", "mask", "--profile", "ghost"], /ghost/],
  ])("refuses %j and changes nothing", async (argv, message) => {
    const dir = await home();
    const run = await cli(argv as string[], { home: dir });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    await expect(fs.stat(path.join(dir, "guards.json"))).rejects.toThrow();
  });

  it("names a damaged guards.json and leaves it as it was", async () => {
    const dir = await home();
    const file = path.join(dir, "guards.json");
    for (const bad of [
      '{"version":1,"servers":{"notes":{"secrets":"loud"}}}',
      '{"version":1,"servers":{"notes":{"colour":"mask"}}}',
      "[1,2",
      '"x"',
    ]) {
      await fs.writeFile(file, bad);
      const run = await cli(["guard", "notes", "mask"], { home: dir });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain("guards.json");
      expect(await fs.readFile(file, "utf8")).toBe(bad);
    }
  });
});

describe("connectory tools limit", () => {
  it("stores a limit, removes it with off, and refuses malformed targets and rates", async () => {
    const dir = await home();
    const set = await cli(["tools", "limit", "notes/read_notes", "10/min", "--json"], { home: dir });
    expect(JSON.parse(set.stdout)).toEqual({
      server: "notes",
      tool: "read_notes",
      profile: null,
      rate: "10/min",
    });
    const off = await cli(["tools", "limit", "notes/read_notes", "off", "--json"], { home: dir });
    expect(JSON.parse(off.stdout).rate).toBeNull();
    for (const argv of [
      ["tools", "limit", "notes", "10/min"],
      ["tools", "limit", "notes/read_notes", "10/fortnight"],
      ["tools", "limit", "notes/read_notes", "0/min"],
      ["tools", "limit", "notes/read_notes", "-1/s"],
      ["tools", "limit", "ghost/x", "1/s"],
    ]) {
      const run = await cli(argv, { home: dir });
      expect(run.code, argv.join(" ")).not.toBe(0);
    }
  });

  it("counts calls in a token bucket that a restart does not refill, and a damaged state file is an error", async () => {
    const dir = await home();
    await cli(["tools", "limit", "notes/*", "2/min"], { home: dir });
    let now = 1_000_000;
    const log = () => undefined;
    const first = await RateLimiter.load(dir, undefined, { now: () => now, log });
    expect(first?.take("notes", "a")).toBeUndefined();
    expect(first?.take("notes", "b")).toBeUndefined();
    expect(first?.take("notes", "a")).toMatchObject({ rule: "notes/*", rate: "2/min", retryAfterMs: 30_000 });
    await first?.save();
    const again = await RateLimiter.load(dir, undefined, { now: () => now, log });
    expect(again?.take("notes", "c")?.retryAfterMs).toBe(30_000);
    now += 30_000; // one token back
    expect(again?.take("notes", "c")).toBeUndefined();
    await fs.writeFile(
      path.join(dir, "limits-state.json"),
      '{"version":1,"buckets":{"x":{"tokens":"many"}}}',
    );
    await expect(RateLimiter.load(dir, undefined, { log })).rejects.toThrow(/limits-state\.json/);
  });
});
