import { afterEach, beforeEach, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, startFakeRegistry, tushare, weather } from "./install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
  await reg.publish(tushare());
  await reg.publish(weather("1.2.0"));
});
afterEach(() => reg.close());

it("finds connectors and prints name, version, publisher and description", async () => {
  const r = await run("search", "weather");
  expect(r.code).toBe(0);
  // The publisher next to the name (issue 12): a look-alike by someone else is told apart by who made it.
  expect(r.stdout).toMatch(/^weather\s+1\.2\.0\s+by acme\s+Weather forecasts from bundled data$/m);
  expect(r.stdout).not.toContain("tushare");
  expect(r.stdout).toContain("connectory install <name>");
});

it("--json gives the marketplace, query and normalized hits", async () => {
  const r = await run("search", "", "--json");
  const data = JSON.parse(r.stdout);
  expect(data.marketplace).toBe("default");
  expect(data.results.map((h: { name: string }) => h.name).sort()).toEqual(["tushare", "weather"]);
  expect(data.results[0]).toHaveProperty("categories");
});

it("--category filters, and an unknown category is a usage error naming the valid ones", async () => {
  const r = await run("search", "--category", "finance", "--json");
  expect(JSON.parse(r.stdout).results.map((h: { name: string }) => h.name)).toEqual(["tushare"]);
  const bad = await run("search", "x", "--category", "snacks");
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('"snacks" is not a category');
  expect(bad.stderr).toContain("finance");
  expect(reg.requests.filter((p) => p === "/v1/connectors")).toHaveLength(1);
});

it("no hits says so", async () => {
  const r = await run("search", "zzz");
  expect(r.code).toBe(0);
  expect(r.stdout.trim()).toBe('no connectors in default match "zzz"');
});

it.each([
  ["--limit", "0"],
  ["--limit", "abc"],
  ["--limit", "101"],
])("%s %s is a usage error", async (flag, value) => {
  expect((await run("search", "x", flag, value)).code).toBe(2);
});

it("an unreachable registry is a clear error; search writes nothing", async () => {
  reg.offline = true;
  const r = await run("search", "weather");
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`registry unreachable at ${reg.url}`);
  expect(await listFiles(home)).toEqual([]);
});

it("a hostile registry cannot put terminal escapes on the screen", async () => {
  const evil = await startFakeRegistry();
  const files = weather();
  files.set(
    "plugin.json",
    new TextEncoder().encode(
      JSON.stringify({ name: "weather", version: "1.0.0", publisher: "x", description: "hi\u001b[2Jthere" }),
    ),
  );
  await evil.publish(files);
  const r = await cli(["search", "weather"], { home, env: { CONNECTORY_REGISTRY: evil.url } });
  await evil.close();
  expect(r.stdout).toContain("hi⟨U+001B⟩[2Jthere");
  expect(r.stdout).not.toContain("\u001b");
});

it("an unknown marketplace is an error that says how to add one", async () => {
  const r = await run("search", "x", "--marketplace", "nope");
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('no marketplace named "nope"');
  expect(r.stderr).toContain("connectory marketplace add");
});
