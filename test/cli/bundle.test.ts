import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { ROOT, spawnCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// bin/connectory.js runs the esbuild bundle (scripts/bundle-cli.ts), not the modules the in-process
// tests import: a package the bundler cannot follow (a UMD require, a file read beside the source)
// only fails there, when its verb's chunk loads. `<verb> --help` loads every chunk of the verb.

describe("the bundled CLI", () => {
  it("is what bin/connectory.js runs, and it reads the version from package.json", async () => {
    expect(await fs.readFile(path.join(ROOT, "bin/connectory.js"), "utf8")).toContain(
      "../dist/cli-bundle/index.js",
    );
    const { version } = JSON.parse(await fs.readFile(path.join(ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    const home = await tempDir();
    const r = await spawnCli(["--version"], { home });
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n` });
    // bin/connectory.js answers `--version` and `-v` alone itself (issue 29); the bundle answers every
    // other form, and both say the same.
    expect(await spawnCli(["-v"], { home })).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(await spawnCli(["--version", "--lang", "en"], { home })).toMatchObject({
      code: 0,
      stdout: `${version}\n`,
    });
    const json = await spawnCli(["--version", "--json"], { home });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ version });
  });

  it("loads every verb (`<verb> --help` exits 0 with its usage)", async () => {
    const home = await tempDir();
    const names = Object.keys(COMMANDS);
    const failures: string[] = [];
    // Four at a time: the machine is shared.
    for (let i = 0; i < names.length; i += 4) {
      await Promise.all(
        names.slice(i, i + 4).map(async (name) => {
          const r = await spawnCli([...name.split(" "), "--help"], { home });
          if (r.code !== 0 || !r.stdout.includes(`Usage: connectory ${name}`))
            failures.push(`${name}: exit ${r.code}\n${r.stderr}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000); // ~50 spawns, four at a time, on a shared machine
});
