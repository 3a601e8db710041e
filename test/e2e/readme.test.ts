import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BIN, ROOT } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// README.md's "Using the CLI" block, followed in order on a fresh machine: every command must succeed.
// The commands are read from README.md itself, so README and test cannot drift apart.

/** The shell lines of the first ```sh block under the heading `## <heading>`. */
function readmeCommands(readme: string, heading: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (section === undefined) throw new Error(`README.md has no "## ${heading}" section`);
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`"## ${heading}" has no sh block`);
  return block[1]!
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

function sh(line: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", line], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ seed: true }); // seeded with plugins-sample/, as `npm start` is
});
afterAll(() => server.close());

it("extracts the commands of a README block, comments and blank lines left out", () => {
  const text =
    "# x\n\n## Other\n\n```sh\nnope\n```\n\n## Steps\n\ntext\n\n```sh\n# note\na --b   # why\n\nc\n```\n";
  expect(readmeCommands(text, "Steps")).toEqual(["a --b   # why", "c"]);
  expect(() => readmeCommands(text, "Missing")).toThrow(/no "## Missing" section/);
});

it('every command of "Using the CLI" succeeds, in order, in a fresh HOME', { timeout: 180_000 }, async () => {
  const commands = readmeCommands(await fs.readFile(path.join(ROOT, "README.md"), "utf8"), "Using the CLI");
  // `npm link` puts bin/connectory.js on PATH; here a shim in a private bin folder does the same
  // without touching the machine's global npm prefix.
  expect(commands[0]).toMatch(/^npm link\b/);
  const home = await tempDir("connectory-readme-");
  const bin = path.join(home, "bin");
  await fs.mkdir(bin);
  await fs.writeFile(
    path.join(bin, "connectory"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    { mode: 0o755 },
  );
  const {
    CONNECTORY_HOME: _home,
    CONNECTORY_TOKEN: _token,
    CONNECTORY_LAUNCHER: _l,
    ...inherited
  } = process.env;
  const env = {
    ...inherited,
    HOME: home,
    PATH: `${bin}${path.delimiter}${process.env["PATH"] ?? ""}`,
    NO_COLOR: "1",
    // The registry `npm start` runs listens on 127.0.0.1:8787; this one on a free port (README: "When
    // the registry listens elsewhere … set CONNECTORY_REGISTRY").
    CONNECTORY_REGISTRY: server.url,
  };
  const token = /TUSHARE_TOKEN=([0-9a-f]{56})\b/.exec(commands.join("\n"))?.[1];
  expect(token, "the README installs tushare with a concrete token").toBeDefined();

  const ran: string[] = [];
  for (const line of commands.slice(1)) {
    const command = line.replace(/\s+#\s.*$/, "");
    expect(command, "placeholders must be concrete").not.toMatch(/…|<[a-z-]+>/);
    const r = await sh(line, { cwd: ROOT, env });
    expect(r.code, `${line}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
    // The token went in through --config only: no later output may show it.
    if (!line.includes(token!)) expect(r.stdout + r.stderr, line).not.toContain(token);
    ran.push(command);
  }

  // The block really exercised the flow (not a README emptied down to `--version`).
  for (const verb of ["install", "inspect", "tools", "doctor", "trust", "config export"])
    expect(
      ran.some((l) => l.startsWith(`connectory ${verb}`)),
      verb,
    ).toBe(true);
  // Default home: ~/.connectory of the fresh HOME.
  const installed = JSON.parse(
    await fs.readFile(path.join(home, ".connectory/plugins/installed.json"), "utf8"),
  ) as Record<string, { enabled: boolean }>;
  expect(Object.keys(installed).sort()).toEqual(["tushare@default", "weather@default"]);
});
