import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pruneVersions } from "../../../cli/install/commit-version.js";
import { homePaths } from "../../../cli/home/home.js";
import { cli } from "../../helpers/cli.js";
import { listFiles, tempDir } from "../../helpers/tmp.js";
import { FakeRegistry, startFakeRegistry, weather } from "../install-fixtures.js";

// Issue 12, class 6: a symlinked plugins/cache/<marketplace>/<name> made install delete the target's
// contents as "old versions". Deletion never follows a link nor leaves the cache root's real path.

let reg: FakeRegistry;
let home: string;
let victim: string;
beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
  victim = await tempDir();
  await fs.writeFile(path.join(victim, "thesis.tex"), "years of work");
  await fs.mkdir(path.join(victim, "photos"));
  await fs.writeFile(path.join(victim, "photos", "a.jpg"), "jpg");
});
afterEach(() => reg.close());

const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });

describe("the cache never deletes through a symbolic link", () => {
  it("a linked connector folder: install refuses with the fix, the target is untouched", async () => {
    await reg.publish(weather("1.0.0"));
    const linked = path.join(homePaths(home).cacheRoot, "default", "weather");
    await fs.mkdir(path.dirname(linked), { recursive: true });
    await fs.symlink(victim, linked);
    const r = await run("install", "weather", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "home.cache.symlink" });
    expect(JSON.parse(r.stdout).error.hint).toContain(`rm ${linked}`);
    expect(await listFiles(victim)).toEqual(["photos/a.jpg", "thesis.tex"]);
  });

  it("a linked old version inside the folder is unlinked, never followed", async () => {
    await reg.publish(weather("1.0.0"));
    const folder = path.join(homePaths(home).cacheRoot, "default", "weather");
    await fs.mkdir(folder, { recursive: true });
    await fs.symlink(victim, path.join(folder, "0.9.0"));
    const r = await run("install", "weather");
    expect(r.code, r.stderr).toBe(0);
    expect(await fs.readdir(folder)).toEqual(["1.0.0"]);
    expect(await listFiles(victim)).toEqual(["photos/a.jpg", "thesis.tex"]);
  });

  it("pruneVersions on a linked folder (uninstall, leftovers) refuses", async () => {
    const linked = path.join(homePaths(home).cacheRoot, "default", "weather");
    await fs.mkdir(path.dirname(linked), { recursive: true });
    await fs.symlink(victim, linked);
    await expect(pruneVersions(linked, undefined)).rejects.toMatchObject({ code: "home.cache.symlink" });
    expect(await listFiles(victim)).toEqual(["photos/a.jpg", "thesis.tex"]);
  });
});
