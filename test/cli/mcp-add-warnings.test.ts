import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// `mcp add` says when what it names does not exist here, and adds the server all the same.

async function add(argv: string[], env: Record<string, string> = {}) {
  const home = await tempDir();
  const cwd = await tempDir();
  const run = await cli(["mcp", "add", "s", "--json", "--", ...argv], { home, cwd, env });
  return { run, cwd, home, data: JSON.parse(run.stdout) as { warnings: string[]; name: string } };
}

it("warns about a script argument that does not exist, and still adds the server", async () => {
  const missing = path.join(await tempDir(), "notes-server.js");
  const { run, data, cwd } = await add([process.execPath, missing]);
  expect(run.code).toBe(0);
  expect(data.name).toBe("s");
  expect(data.warnings).toEqual([
    `the argument ${JSON.stringify(missing)} names a file that does not exist (relative to ${cwd})`,
  ]);
  expect(run.stderr).toContain(
    `warning: the argument ${JSON.stringify(missing)} names a file that does not exist`,
  );
});

it("is silent when the command is on PATH and the script exists (relative to the current folder too)", async () => {
  const bin = await tempDir();
  await fs.writeFile(path.join(bin, "mytool"), "#!/bin/sh\n", { mode: 0o755 });
  const home = await tempDir();
  const cwd = await tempDir();
  await fs.writeFile(path.join(cwd, "server.mjs"), "");
  const run = await cli(["mcp", "add", "s", "--json", "--", "mytool", "./server.mjs", "--port", "3000"], {
    home,
    cwd,
    env: { PATH: bin },
  });
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).warnings).toEqual([]);
  expect(run.stderr).toBe("");
});

it("warns when the command is not on PATH, or names a file that is missing", async () => {
  const bin = await tempDir();
  const notOnPath = await add(["no-such-tool-xyz"], { PATH: bin });
  expect(notOnPath.data.warnings).toEqual([
    'the command "no-such-tool-xyz" is not on PATH here: install it, or give its full path',
  ]);
  // Not executable is not runnable either.
  await fs.writeFile(path.join(bin, "plain"), "");
  expect((await add(["plain"], { PATH: bin })).data.warnings[0]).toContain("is not on PATH here");
  const missing = await add(["./bin/server"]);
  expect(missing.data.warnings).toEqual([
    `the command "./bin/server" does not exist (relative to ${missing.cwd})`,
  ]);
});

it("warns that ~ is not expanded, and leaves templates and options alone", async () => {
  const { data } = await add([
    process.execPath,
    "~/notes.js",
    "--root=/nowhere",
    "${HOME}/x.js",
    "plain-word",
  ]);
  expect(data.warnings).toEqual([
    'the argument "~/notes.js" starts with ~, which is not expanded when a host starts the server: write the full path',
  ]);
});

it("says nothing for a remote server", async () => {
  const home = await tempDir();
  const run = await cli(["mcp", "add", "r", "--url", "https://example.com/mcp", "--json"], { home });
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).warnings).toEqual([]);
});
