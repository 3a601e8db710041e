import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, spawnCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { findCommand } from "../../cli/commands.js";

describe("argv routing", () => {
  it.each([
    [["validate", "x"], "validate", ["x"]],
    [["marketplace", "add", "a", "b"], "marketplace add", ["a", "b"]],
    [["config", "--explain"], "config", ["--explain"]],
    [["config", "export", "--host", "cursor"], "config export", ["--host", "cursor"]],
    [["mcp", "add", "s", "--", "node", "x.js"], "mcp add", ["s", "--", "node", "x.js"]],
  ])("%j → %s", (argv, name, rest) => {
    const found = findCommand(argv);
    expect(found?.name).toBe(name);
    expect(found?.rest).toEqual(rest);
  });

  it("unknown verbs are not found", () => {
    expect(findCommand(["frobnicate"])).toBeUndefined();
  });
});

describe("global behaviour", () => {
  it("--version prints the version, --json as a document", async () => {
    const home = await tempDir();
    expect(await cli(["--version"], { home })).toMatchObject({ code: 0, stdout: "0.0.0-test\n" });
    const json = await cli(["--version", "--json"], { home });
    expect(JSON.parse(json.stdout)).toEqual({ version: "0.0.0-test" });
  });

  it("an unknown command is a usage error (exit 2) that says what to do", async () => {
    const r = await cli(["frobnicate"], { home: await tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
    expect(r.stderr).toContain("connectory --help");
  });

  it("--help lists every verb", async () => {
    const r = await cli(["--help"], { home: await tempDir() });
    expect(r.code).toBe(0);
    for (const verb of ["validate", "pack", "install", "config export", "marketplace add"])
      expect(r.stdout).toContain(verb);
  });

  it("an unknown option is a usage error, also as JSON", async () => {
    const r = await cli(["validate", "--nope", "--json"], { home: await tempDir() });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe("usage");
    // Not node's advice to pass it after `--`, which validate does not take.
    expect(r.stderr).toContain("error: unknown option --nope\n  run `connectory validate --help`");
  });

  it("a home that is a file is the user's to fix: a clear error, not a bug report", async () => {
    const file = path.join(await tempDir(), "not-a-folder");
    await fs.writeFile(file, "x");
    for (const argv of [["list"], ["config", "--json"], ["mcp", "add", "s", "--", "node"]]) {
      const r = await cli(argv, { home: file });
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr).not.toContain("bug in connectory");
      expect(r.stderr).toMatch(
        /cannot \w+ .*not-a-folder.*: (a part of this path is a file|it exists and is not a folder)/,
      );
      expect(r.stderr).toContain(`$CONNECTORY_HOME (now ${file})`);
    }
    expect(await fs.readFile(file, "utf8")).toBe("x");
  });

  it("the built binary starts and exits 0 on --version", async () => {
    const r = await spawnCli(["--version"], { home: await tempDir() });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
