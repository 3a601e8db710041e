import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome, simpleConnector } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory completion <shell>` prints a script that asks `connectory __complete` for candidates.

let home: string;
beforeEach(async () => {
  home = await tempDir();
  await buildHome(home, [{ sample: "weather" }, simpleConnector("notes", ["notes-a", "notes-b"])]);
  await cli(["mcp", "add", "mine", "--trust", "--", process.execPath], { home });
});

const complete = async (...words: string[]) => {
  const run = await cli(["__complete", "--", ...words], { home });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.split("\n").filter((l) => l !== "");
};

describe("__complete", () => {
  it.each([
    [[""], ["completion", "config", "deprecate", "dist-tag", "install", "yank"]],
    [["dis"], ["disable", "dist-tag"]],
    [
      ["dist-tag", ""],
      ["add", "ls", "rm"],
    ],
    [["config", "e"], ["export"]],
    [
      ["uninstall", ""],
      ["notes", "weather"],
    ],
    [["disable", "w"], ["weather"]],
    [
      ["inspect", ""],
      ["mine", "notes-a", "notes-b", "weather"],
    ],
    [
      ["config", "export", "--host", "cl"],
      ["claude-code", "claude-desktop", "cline"],
    ],
    [
      ["tools", "--format", ""],
      ["anthropic", "mcp", "openai"],
    ],
    [["tools", "-f", "o"], ["openai"]],
    [
      ["config", "export", "--scope", ""],
      ["project", "user"],
    ],
    [["install", "x", "--marketplace", ""], ["default"]],
    [["login", ""], ["default"]],
    [
      ["completion", ""],
      ["bash", "fish", "zsh"],
    ],
    [["tools", "--t"], ["--timeout"]],
    [["config", "export", "--host", "cursor", "--w"], ["--write"]],
    [
      ["yank", "--"],
      ["--help", "--json", "--marketplace"],
    ],
    [
      ["credentials", "set", "notes", ""],
      ["notes", "weather"],
    ],
  ])("%j → includes %j", async (words, expected) => {
    const found = await complete(...words);
    for (const e of expected) expect(found).toContain(e);
    const current = words.at(-1)!;
    for (const f of found) expect(f.startsWith(current)).toBe(true);
  });

  it.each([
    [["nope", ""]],
    [["mcp", "add", "x", "--", "no"]],
    [["validate", ""]],
    [["config", "export", "--file", ""]],
    [["__comp"]],
  ])("%j → nothing (the shell falls back to files)", async (words) => {
    expect(await complete(...words)).toEqual([]);
  });

  it("is hidden from --help and survives a damaged home", async () => {
    expect((await cli(["--help"], { home })).stdout).not.toContain("__complete");
    await fs.writeFile(path.join(home, "plugins", "installed.json"), "{ not json");
    expect(await complete("uninstall", "")).toEqual([]);
    expect(await complete("unin")).toEqual(["uninstall"]);
  });
});

describe("completion", () => {
  it.each(["bash", "zsh", "fish"])("%s prints a script calling __complete", async (shell) => {
    const run = await cli(["completion", shell], { home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("connectory __complete --");
    const json = JSON.parse((await cli(["completion", shell, "--json"], { home })).stdout);
    expect(json).toEqual({ shell, script: run.stdout });
  });

  it("refuses another shell and a missing one", async () => {
    const run = await cli(["completion", "powershell"], { home });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("use one of bash, zsh, fish");
    expect((await cli(["completion"], { home })).code).toBe(2);
  });

  it("the bash script completes through the built binary", async () => {
    const bin = await tempDir();
    await fs.writeFile(
      path.join(bin, "connectory"),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      {
        mode: 0o755,
      },
    );
    const script = (await cli(["completion", "bash"], { home })).stdout;
    const probe = `${script}
COMP_WORDS=(connectory disable "");
COMP_CWORD=2;
_connectory_complete;
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const { stdout } = await promisify(execFile)("bash", ["-c", probe], {
      env: { PATH: `${bin}:${process.env.PATH}`, CONNECTORY_HOME: home, HOME: home },
    });
    expect(stdout.split("\n").filter(Boolean)).toEqual(["notes", "weather"]);
  });
});
