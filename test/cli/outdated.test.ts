import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory outdated` in-process against a real registry: installs first, then newer versions appear.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
  for (const [name, version] of [
    ["widget", "1.0.0"],
    ["steady", "1.0.0"],
    ["pinned", "1.0.0"],
  ] as const)
    expect((await reg.publish(await packPackage({ name, version }), token, name)).status).toBe(201);
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

async function home() {
  const h = await tempDir();
  const run = (argv: string[], env: Record<string, string> = {}) =>
    cli(argv, { home: h, env: { CONNECTORY_REGISTRY: reg.publicUrl, ...env }, fetch: fetchApp });
  return { h, run };
}

it("lists newer versions within (WANTED) and beyond (LATEST) the range; exits 1; 0 once current", async () => {
  const { run } = await home();
  expect((await run(["install", "widget", "--yes"])).code).toBe(0);
  expect((await run(["install", "steady", "--yes"])).code).toBe(0);
  expect((await run(["install", "pinned@1.0.0", "--yes"])).code).toBe(0);
  const current = await run(["outdated"]);
  expect(current.code).toBe(0);
  expect(current.stdout).toBe("all 3 are up to date\n");

  for (const version of ["1.1.0", "2.0.0", "3.0.0-rc.1"])
    await reg.publish(await packPackage({ name: "widget", version }), token, "widget");
  await reg.publish(await packPackage({ name: "pinned", version: "1.0.1" }), token, "pinned");
  const out = await run(["outdated"]);
  expect(out.code).toBe(1);
  expect(out.stdout.split("\n").map((l) => l.trim().split(/\s+/))).toEqual([
    ["CONNECTOR", "CURRENT", "WANTED", "LATEST", "MARKETPLACE"],
    ["pinned", "1.0.0", "1.0.0", "1.0.1", "default"],
    ["widget", "1.0.0", "1.1.0", "2.0.0", "default"],
    [""],
  ]);
  const json = await run(["outdated", "--json"]);
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout)).toEqual({
    outdated: [
      {
        name: "pinned",
        marketplace: "default",
        current: "1.0.0",
        wanted: "1.0.0",
        latest: "1.0.1",
        requested: "1.0.0",
      },
      {
        name: "widget",
        marketplace: "default",
        current: "1.0.0",
        wanted: "1.1.0",
        latest: "2.0.0",
        requested: "^1.0.0",
      },
    ],
    failed: [],
  });
  // One connector by name; a yanked newest version is never offered.
  expect((await run(["outdated", "steady"])).code).toBe(0);
  expect((await run(["outdated", "widget"])).stdout).toContain("1.1.0");
  await run(["update", "widget", "--yes"]);
  const updated = JSON.parse((await run(["outdated", "widget", "--json"])).stdout);
  expect(updated.outdated[0]).toMatchObject({ current: "1.1.0", wanted: "1.1.0", latest: "2.0.0" });
});

it("a yanked latest is not offered", async () => {
  const { run } = await home();
  await reg.publish(await packPackage({ name: "yanky", version: "1.0.0" }), token, "yanky");
  expect((await run(["install", "yanky", "--yes"])).code).toBe(0);
  await reg.publish(await packPackage({ name: "yanky", version: "1.5.0" }), token, "yanky");
  await run(["yank", "yanky@1.5.0"], { CONNECTORY_TOKEN: token });
  const out = await run(["outdated", "yanky", "--json"]);
  expect(out.code).toBe(0);
  expect(JSON.parse(out.stdout)).toEqual({ outdated: [], failed: [] });
});

it("404: a connector the marketplace no longer has, and an unreachable marketplace, are failures (exit 1)", async () => {
  const { h, run } = await home();
  expect((await run(["install", "steady", "--yes"])).code).toBe(0);
  // Recorded from a marketplace whose registry does not know the name any more.
  const file = path.join(h, "plugins", "installed.json");
  const installed = JSON.parse(await fs.readFile(file, "utf8"));
  installed["vanished@default"] = { ...installed["steady@default"], name: "vanished" };
  await fs.writeFile(file, JSON.stringify(installed));
  const out = await run(["outdated", "--json"]);
  expect(out.code).toBe(1);
  expect(JSON.parse(out.stdout).failed).toEqual([
    {
      name: "vanished",
      marketplace: "default",
      error: {
        code: "connector.not-found",
        message: 'no connector named "vanished" in marketplace "default"',
      },
    },
  ]);
  const offline = await cli(["outdated"], {
    home: h,
    env: { CONNECTORY_REGISTRY: "http://127.0.0.1:9" },
  });
  expect(offline.code).toBe(1);
  expect(offline.stdout).toContain(
    "steady@default: could not check: registry unreachable at http://127.0.0.1:9",
  );
});

it("bad input: nothing installed, an unknown name, too many arguments", async () => {
  const { run } = await home();
  expect(await run(["outdated"])).toMatchObject({ code: 0, stdout: "nothing is installed\n" });
  const unknown = await run(["outdated", "nothing", "--json"]);
  expect(unknown.code).toBe(1);
  expect(JSON.parse(unknown.stdout).error.code).toBe("connector.not-installed");
  expect((await run(["outdated", "a", "b"])).code).toBe(2);
});
