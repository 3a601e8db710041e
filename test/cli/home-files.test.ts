import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheDir, homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// A user (or a sync tool, or a bad merge) can leave any JSON at all in a home file. Every command that
// reads the file must say which file is wrong and how, exit 1, and write nothing: never a TypeError
// reported as "a bug in connectory", and never a path built from a damaged entry.

const FILES = {
  installed: "plugins/installed.json",
  marketplaces: "marketplaces.json",
  credentials: "credentials.json",
  trust: "trust.json",
  hosts: "hosts.json",
} as const;

const SHAPES: Array<[string, Partial<Record<keyof typeof FILES, string>>]> = [
  ["null", {}],
  ["a string", {}],
  ["an array", {}],
  [
    "wrong values",
    {
      installed: '{ "weather@default": 5 }',
      marketplaces: '{ "default": { "url": 5 } }',
      credentials: '{ "connectors": { "weather@default": "x" } }',
      trust: '{ "servers": { "notes": null } }',
      hosts: '{ "version": 1, "files": { "/x.json": { "host": "cursor", "entries": 3 } } }',
    },
  ],
  [
    "wrong containers",
    {
      installed: '{ "weather@default": { "name": 1 } }',
      credentials: '{ "connectors": 5, "registries": 5 }',
      trust: '{ "servers": 5 }',
      hosts: '{ "files": 5 }',
    },
  ],
];
const BASE: Record<string, string> = { null: "null", "a string": '"text"', "an array": "[]" };

const COMMANDS = [
  ["list"],
  ["config"],
  ["config", "--explain"],
  ["marketplace", "list"],
  ["mcp", "list"],
  ["credentials", "show", "weather"],
  ["trust", "notes"],
  ["uninstall", "weather"],
  ["config", "export", "--host", "cursor", "--file", "cursor.json", "--write"],
  ["search", "weather", "--marketplace", "nowhere"],
];

/** Every file of a home with its content: to assert that a failed command wrote nothing. */
async function snapshot(home: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await listFiles(home)) out[file] = await fs.readFile(path.join(home, file), "utf8");
  return out;
}

async function homeWithEverything(): Promise<string> {
  const home = await tempDir();
  await buildHome(home, [{ sample: "weather" }]);
  await fs.writeFile(homePaths(home).mcpJson, '{ "mcpServers": { "notes": { "command": "node" } } }');
  return home;
}

describe("a home file of the wrong shape", () => {
  for (const [label, specific] of SHAPES) {
    for (const [which, file] of Object.entries(FILES) as Array<[keyof typeof FILES, string]>) {
      const content = specific[which] ?? BASE[label];
      if (content === undefined) continue;
      it(`${file} holding ${label}: a clear error naming the file, nothing written`, async () => {
        const home = await homeWithEverything();
        await fs.writeFile(path.join(home, file), content);
        for (const argv of COMMANDS) {
          const before = await snapshot(home);
          const r = await cli(argv, { home, env: { CONNECTORY_REGISTRY: "http://127.0.0.1:9" } });
          const said = `${argv.join(" ")}: ${r.stderr}`;
          expect(r.stderr, said).not.toContain("bug in connectory");
          if (r.code !== 0) {
            // A command that fails changes nothing, not even half of an uninstall.
            expect(await snapshot(home), said).toEqual(before);
            if (r.stderr.includes(path.join(home, file)))
              expect(r.stderr, said).toContain("fix or move the file by hand");
          }
        }
        // The reading commands that need this file do fail on it, naming it.
        const needs =
          which === "marketplaces" ? ["marketplace", "list"] : which === "hosts" ? null : ["list"];
        if (needs) {
          const r = await cli(needs, { home });
          expect(r.code).toBe(1);
          expect(r.stderr).toContain(path.join(home, file));
        }
      });
    }
  }

  it("an installed entry whose name climbs out of the cache is refused, and uninstall deletes nothing", async () => {
    const home = await homeWithEverything();
    const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
    const entry = installed["weather@default"];
    await fs.writeFile(
      homePaths(home).installed,
      JSON.stringify({ "..@..": { ...entry, name: "..", marketplace: ".." } }),
    );
    const r = await cli(["uninstall", ".."], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("not a valid name");
    expect(r.stderr).not.toContain("bug in connectory");
    expect(existsSync(homePaths(home).mcpJson)).toBe(true);
    expect(existsSync(cacheDir(home, "default", "weather", "1.0.0"))).toBe(true);
  });

  it("a version that is a path is refused too", async () => {
    const home = await homeWithEverything();
    const installed = JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));
    installed["weather@default"].version = "../../../x";
    await fs.writeFile(homePaths(home).installed, JSON.stringify(installed));
    const r = await cli(["list"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"version" that is not a semantic version');
  });

  it("a credentials.json of the wrong shape is reported without printing any value in it", async () => {
    const home = await homeWithEverything();
    await fs.writeFile(
      homePaths(home).credentials,
      JSON.stringify({ connectors: { "weather@default": { WEATHER_UNITS: { secret: "canary-9431" } } } }),
    );
    const r = await cli(["config"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("credentials.json");
    expect(r.stdout + r.stderr).not.toContain("canary-9431");
  });
});
