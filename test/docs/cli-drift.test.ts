import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { HOST_IDS } from "../../src/core/hosts/index.js";
import { CLI_OPTIONAL_EXTERNALS } from "../../scripts/bundle-cli.js";
import { cli, ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #8: the drift a newcomer found between docs/cli.md, the README and what the CLI does. Each
// case below fails on the text the issue quotes (a doubled synopsis, the error-code table written
// several times, 11 of 21 hosts, a garbled `doctor --json`, a wrong backup path, "no dependencies").

const read = (file: string) => fs.readFile(path.join(ROOT, file), "utf8");

/** The text of `### \`verb\`` up to the next heading. */
function section(doc: string, verb: string): string {
  const start = doc.indexOf(`### \`${verb}\`\n`);
  expect(start, verb).toBeGreaterThan(-1);
  const end = doc.slice(start + 1).search(/\n##+ /);
  return doc.slice(start, end === -1 ? undefined : start + 1 + end);
}

it("every verb's section has one synopsis line, and it is the verb's own usage", async () => {
  const doc = await read("docs/cli.md");
  const wrong: string[] = [];
  for (const [verb, entry] of Object.entries(COMMANDS)) {
    if (verb === "__complete") continue; // hidden, described in prose
    const usage = (await entry.load()).default.usage.replace(" [--json]", "");
    const lines = section(doc, verb)
      .split("\n")
      .filter((l) => /^`connectory [^`]*`$/.test(l))
      .map((l) => l.slice(1, -1).replace(" [--json]", ""));
    if (lines.length !== 1 || lines[0] !== `connectory ${usage}`)
      wrong.push(`${verb}: ${JSON.stringify(lines)} ≠ connectory ${usage}`);
  }
  expect(wrong).toEqual([]);
});

it("the error codes are one table, and no code is listed twice", async () => {
  const doc = await read("docs/cli.md");
  const errors = doc.slice(doc.indexOf("## Error codes\n"));
  expect(errors.match(/^\| code\s+\| meaning\s+\|$/gm)).toHaveLength(1);
  const codes = [...errors.matchAll(/`([a-z][a-z0-9-]*(?:\.[a-z0-9<>-]+)+)`/g)]
    .filter((m) => !errors.slice(Math.max(0, m.index - 6), m.index).includes("e.g. "))
    .map((m) => m[1]!)
    .filter((c) => !c.endsWith(".json")); // file names
  expect(codes.length).toBeGreaterThan(80);
  expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
});

it("`config export --host` lists every host the CLI knows", async () => {
  const text = section(await read("docs/cli.md"), "config export");
  const hostItem = text.slice(
    text.indexOf("- `--host`"),
    text.indexOf("\n- ", text.indexOf("- `--host`") + 1),
  );
  expect(HOST_IDS.filter((h) => !hostItem.includes(`\`${h}\``))).toEqual([]);
});

it("`doctor --json` is documented in one piece with every key it prints", async () => {
  const text = section(await read("docs/cli.md"), "doctor");
  const item = text.slice(text.indexOf("- `--json`:"), text.indexOf("\n- ", text.indexOf("- `--json`:") + 1));
  expect(item).not.toMatch(/\n\s*\n/); // one list item, not two half-documents
  expect(item.match(/"leftovers"/g)).toHaveLength(1);
  const home = await tempDir();
  const run = await cli(["doctor", "--json"], { home });
  const keys = Object.keys(JSON.parse(run.stdout) as object);
  expect(keys.length).toBeGreaterThan(5);
  expect(keys.filter((k) => !text.includes(`"${k}"`))).toEqual([]);
});

it("the backups the CLI writes are where docs/cli.md says", async () => {
  const home = await tempDir();
  const doc = await read("docs/cli.md");
  const add = await cli(["mcp", "add", "one", "--url", "https://one.example/mcp", "--trust"], { home });
  expect(add.code, add.stderr).toBe(0);
  const first = await cli(["config", "export", "--host", "cursor", "--write", "--json"], { home });
  expect(first.code, first.stderr).toBe(0);
  await cli(["mcp", "add", "two", "--url", "https://two.example/mcp", "--trust"], { home });
  const second = await cli(["config", "export", "--host", "cursor", "--write", "--json"], { home });
  const backup = (JSON.parse(second.stdout) as { backup?: string }).backup;
  expect(path.relative(home, backup ?? "")).toMatch(
    /^backups\/cursor\/mcp\.json\.[0-9a-f]{8}\.\d{8}T\d{9}Z\.bak$/,
  );
  expect(doc).toContain("host files under `backups/<host>/`");
  expect(doc).toContain("`backups/cursor/mcp.json.1a2b3c4d.20260101T120000000Z.bak`");
});

it("the README does not say the CLI package has no dependencies: it names its optional one", async () => {
  const readme = await read("README.md");
  const cliItem = readme.slice(
    readme.indexOf("- `packages/cli` is"),
    readme.indexOf("- `packages/registry` is"),
  );
  expect(cliItem).not.toMatch(/with no dependencies\./);
  for (const optional of CLI_OPTIONAL_EXTERNALS) expect(cliItem).toContain(`\`${optional}\``);
});
