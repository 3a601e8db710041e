import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { ROOT } from "../helpers/cli.js";
import { codesRaisedIn, documentedCodes, headings, matchesDocumented } from "./doc-text.js";

// docs/cli.md is the CLI's contract: every verb has a section, every option it declares is named there,
// and every error code the CLI raises is documented (in cli.md, or in the package or HTTP docs it
// links for the codes that come from there).

const doc = async (name: string) => fs.readFile(path.join(ROOT, "docs", name), "utf8");

it("every verb of cli/commands.ts has a section in docs/cli.md, and no section names a verb that does not exist", async () => {
  const cliDoc = await doc("cli.md");
  const sections = headings(cliDoc, 3)
    .map((h) => /^`([a-z_ -]+)`$/.exec(h)?.[1])
    .filter((v): v is string => v !== undefined);
  expect(sections.sort()).toEqual(Object.keys(COMMANDS).sort());
});

it("every option a verb declares is named in its section of docs/cli.md", async () => {
  const cliDoc = await doc("cli.md");
  const missing: string[] = [];
  for (const [verb, entry] of Object.entries(COMMANDS)) {
    const command = (await entry.load()).default;
    const start = cliDoc.indexOf(`### \`${verb}\`\n`);
    const end = cliDoc.slice(start + 1).search(/\n##+ /);
    const section = cliDoc.slice(start, end === -1 ? undefined : start + 1 + end);
    for (const option of Object.keys(command.options ?? {}))
      if (!section.includes(`--${option}`)) missing.push(`${verb} --${option}`);
    if (!section.includes(command.usage.split(" [")[0]!)) missing.push(`${verb}: usage line`);
  }
  expect(missing).toEqual([]);
});

it("every error code raised under cli/ is documented", async () => {
  const documented = documentedCodes(await doc("cli.md"));
  const codes = await codesRaisedIn(path.join(ROOT, "cli"));
  expect(codes.length).toBeGreaterThan(40); // the scan finds them (a broken regex would find none)
  expect(codes.filter((c) => !matchesDocumented(c, documented))).toEqual([]);
});

it("every value a verb's option completes to is named in its section of docs/cli.md", async () => {
  const cliDoc = await doc("cli.md");
  const missing: string[] = [];
  for (const [verb, entry] of Object.entries(COMMANDS)) {
    const command = (await entry.load()).default;
    const start = cliDoc.indexOf(`### \`${verb}\`\n`);
    const end = cliDoc.slice(start + 1).search(/\n##+ /);
    const section = cliDoc.slice(start, end === -1 ? undefined : start + 1 + end);
    for (const [option, def] of Object.entries(command.options ?? {})) {
      // The host list is written once, under `config export` (cli-drift.test.ts checks it there).
      if (!Array.isArray(def.complete) || option === "host") continue;
      for (const value of def.complete as string[])
        if (!new RegExp(`\\b${value}\\b`).test(section)) missing.push(`${verb} --${option} ${value}`);
    }
  }
  expect(missing).toEqual([]);
});

it("completion's names come from the declarations: every kind a verb completes is one completion knows", async () => {
  const kinds = new Set(["connector", "server", "server-or-connector", "marketplace", "shell"]);
  const declared: string[] = [];
  for (const [verb, entry] of Object.entries(COMMANDS)) {
    const command = (await entry.load()).default;
    for (const kind of command.positionals?.complete ?? []) declared.push(`${verb} ${kind}`);
    for (const [option, def] of Object.entries(command.options ?? {}))
      if (typeof def.complete === "string") declared.push(`${verb} --${option} ${def.complete}`);
  }
  expect(declared.length).toBeGreaterThan(20);
  expect(declared.filter((d) => !kinds.has(d.split(" ").at(-1)!))).toEqual([]);
});
