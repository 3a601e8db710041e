import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// `config export --host gemini-cli --as-extension` (issue 25), in-process: what the folder holds and the
// refusals; test/hosts/config-export.test.ts installs it into the real Gemini CLI.

async function home() {
  const dir = await tempDir();
  await buildHome(dir, [{ sample: "weather" }]);
  return dir;
}

describe("config export --as-extension", () => {
  it("writes gemini-extension.json with the launcher entries and GEMINI.md, and prints the install line", async () => {
    const h = await home();
    const dry = await cli(["config", "export", "--host", "gemini-cli", "--as-extension"], { home: h });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Run again with --write");
    const dir = path.join(h, "exports/gemini-cli/connectory");
    await expect(fs.stat(dir)).rejects.toThrow();
    const run = await cli(
      ["config", "export", "--host", "gemini-cli", "--as-extension", "--write", "--json"],
      { home: h },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      host: "gemini-cli",
      asExtension: true,
      name: "connectory",
      dir,
      servers: ["weather"],
      written: true,
    });
    expect(await listFiles(dir)).toEqual(["GEMINI.md", "gemini-extension.json"]);
    const manifest = JSON.parse(await fs.readFile(path.join(dir, "gemini-extension.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "connectory", contextFileName: "GEMINI.md" });
    expect(manifest.mcpServers.weather.args.slice(-2)).toEqual(["run", "weather"]);
    // Again: the folder it wrote is replaced whole, nothing left beside it.
    expect(
      (await cli(["config", "export", "--host", "gemini-cli", "--as-extension", "--write"], { home: h }))
        .code,
    ).toBe(0);
    expect((await fs.readdir(path.dirname(dir))).sort()).toEqual(["connectory"]);
  });

  it("a profile names the extension connectory-<profile>; --gateway writes the one gateway entry", async () => {
    const h = await home();
    expect((await cli(["profile", "create", "work", "weather"], { home: h })).code).toBe(0);
    const run = await cli(
      [
        "config",
        "export",
        "--host",
        "gemini-cli",
        "--as-extension",
        "--gateway",
        "--profile",
        "work",
        "--write",
        "--json",
      ],
      { home: h },
    );
    expect(run.code, run.stderr).toBe(0);
    const { dir, servers } = JSON.parse(run.stdout) as { dir: string; servers: string[] };
    expect(path.basename(dir)).toBe("connectory-work");
    expect(servers).toEqual(["connectory-work"]);
  });

  it("refuses another host, inline mode, a folder of another name and a folder it did not write", async () => {
    const h = await home();
    const other = await cli(["config", "export", "--host", "claude-code", "--as-extension"], { home: h });
    expect([other.code, other.stderr]).toEqual([
      2,
      expect.stringContaining("--as-extension is for --host gemini-cli"),
    ]);
    const inline = await cli(
      ["config", "export", "--host", "gemini-cli", "--as-extension", "--mode", "inline"],
      { home: h },
    );
    expect(inline.code).toBe(2);
    const named = await cli(
      ["config", "export", "--host", "gemini-cli", "--as-extension", "--write", "--file", path.join(h, "x")],
      { home: h },
    );
    expect([named.code, named.stderr]).toEqual([2, expect.stringContaining("must be named connectory")]);
    const mine = path.join(h, "mine", "connectory");
    await fs.mkdir(mine, { recursive: true });
    await fs.writeFile(path.join(mine, "notes.txt"), "mine");
    const taken = await cli(
      ["config", "export", "--host", "gemini-cli", "--as-extension", "--write", "--file", mine],
      { home: h },
    );
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain("not an extension Connectory wrote");
    expect(await fs.readFile(path.join(mine, "notes.txt"), "utf8")).toBe("mine");
  });
});
