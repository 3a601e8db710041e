import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { cacheDir, homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, TOKEN, startFakeRegistry, tushare, weather } from "./install-fixtures.js";

// An uninstall killed after it removed the record (its first step) leaves credentials and cached files
// that nothing runs from. `doctor` lists them and `uninstall` finishes the job.

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const readJson = async (file: string) => JSON.parse(await fs.readFile(file, "utf8"));

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
  await reg.publish(tushare("1.0.0"));
  await reg.publish(weather("1.0.0"));
  expect((await run("install", "tushare", "--config", `TUSHARE_TOKEN=${TOKEN}`)).code).toBe(0);
  expect((await run("install", "weather")).code).toBe(0);
});
afterEach(() => reg.close());

/** The state an uninstall of tushare leaves when it is killed right after removing the record. */
async function interruptUninstall() {
  const installed = await readJson(homePaths(home).installed);
  delete installed["tushare@default"];
  await fs.writeFile(homePaths(home).installed, JSON.stringify(installed));
}

it("doctor lists what an interrupted uninstall left, without failing, and names the command", async () => {
  await interruptUninstall();
  expect((await run("disable", "weather")).code).toBe(0); // the fixture's weather is not a real server
  const r = await run("doctor", "--json");
  const report = JSON.parse(r.stdout);
  expect(report.leftovers).toEqual([
    {
      key: "tushare@default",
      credentials: true,
      cache: path.join(homePaths(home).cacheRoot, "default", "tushare"),
    },
  ]);
  expect(report.notes).toContain(
    "WARN tushare@default is not installed but its credentials and cached files remain (an interrupted install or uninstall): run `connectory uninstall tushare@default` to remove them",
  );
  expect(r.stdout).not.toContain(TOKEN);
  expect(r.code).toBe(0); // a leftover is a warning, not a failed check
  expect(report.ok).toBe(true);
});

it("uninstall removes the leftover credentials and cache, and nothing of another connector", async () => {
  await interruptUninstall();
  const weatherBefore = await listFiles(cacheDir(home, "default", "weather", "1.0.0"));
  const r = await run("uninstall", "tushare", "--json");
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({
    leftovers: [{ name: "tushare", marketplace: "default", credentials: true, cache: true }],
  });
  expect((await readJson(homePaths(home).credentials)).connectors).toEqual({});
  expect(await fs.readFile(homePaths(home).credentials, "utf8")).not.toContain(TOKEN);
  expect(await fs.readdir(path.join(homePaths(home).cacheRoot, "default"))).toEqual(["weather"]);
  expect(await listFiles(cacheDir(home, "default", "weather", "1.0.0"))).toEqual(weatherBefore);
  expect(Object.keys(await readJson(homePaths(home).installed))).toEqual(["weather@default"]);
  // Done: a second uninstall is the ordinary "not installed" error, and doctor lists nothing.
  const again = await run("uninstall", "tushare");
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('no installed connector named "tushare"');
  expect(JSON.parse((await run("doctor", "--json")).stdout).leftovers).toEqual([]);
});

it("credentials stored by an install killed before its record are removed too, in text", async () => {
  const installed = await readJson(homePaths(home).installed);
  delete installed["tushare@default"];
  await fs.writeFile(homePaths(home).installed, JSON.stringify(installed));
  await fs.rm(path.join(homePaths(home).cacheRoot, "default", "tushare"), { recursive: true });
  const r = await run("uninstall", "tushare@default");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(
    "tushare@default was not installed; removed what an interrupted install or uninstall left: its credentials",
  );
  expect((await readJson(homePaths(home).credentials)).connectors).toEqual({});
});

it("names that are not connector names, in credentials.json or the cache, are never followed", async () => {
  const creds = await readJson(homePaths(home).credentials);
  creds.connectors["..@.."] = { X: "1" };
  creds.connectors["no-marketplace"] = { X: "1" };
  await fs.writeFile(homePaths(home).credentials, JSON.stringify(creds), { mode: 0o600 });
  await fs.mkdir(path.join(homePaths(home).cacheRoot, "default", "Bad Name"), { recursive: true });
  await fs.mkdir(path.join(homePaths(home).cacheRoot, "default", ".1.0.0.new-abcd"), { recursive: true });
  const before = await listFiles(home);
  expect(JSON.parse((await run("doctor", "--json")).stdout).leftovers).toEqual([]);
  for (const ref of ["..", "..@..", "Bad Name", "no-marketplace"]) {
    const r = await run("uninstall", ref);
    expect(r.code, ref).toBe(1);
    expect(r.stderr).toContain("no installed connector named");
  }
  expect(await listFiles(home)).toEqual(before);
});
