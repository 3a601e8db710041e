import { expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Every option of every verb says what it does in --help (one line; units and defaults in the text).

it.each(Object.keys(COMMANDS))("connectory %s --help describes every option on one line", async (verb) => {
  const command = (await COMMANDS[verb]!.load()).default;
  const run = await cli([...verb.split(" "), "--help"], { home: await tempDir() });
  expect(run.code).toBe(0);
  const options = Object.entries(command.options ?? {});
  const optionLines = run.stdout
    .split("Options:\n")[1]!
    .split("\n")
    .filter((l) => l.trim() !== "");
  for (const [key, o] of options) {
    expect(o.description.trim(), `${verb} --${key}`).not.toBe("");
    expect(o.description, `${verb} --${key}`).not.toMatch(/\n/);
    const line = optionLines.find((l) => new RegExp(`^\\s+(-\\w, )?--${key}\\b`).test(l));
    expect(line, `${verb} --${key} in --help`).toBeDefined();
    expect(line).toContain(o.description);
  }
  // The global options too (--json, --help, --lang), and no option line is a bare flag.
  expect(optionLines.length).toBe(options.length + 3);
  for (const l of optionLines) expect(l, verb).toMatch(/--\S+(?: <[^>]+>)?\s{2,}\S/);
});

it("--timeout states its unit and default", async () => {
  const run = await cli(["doctor", "--help"], { home: await tempDir() });
  expect(run.stdout).toMatch(/--timeout <ms>\s+.*milliseconds.*default 15000/);
});
