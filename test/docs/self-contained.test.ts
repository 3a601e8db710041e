import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

// Issue 32 #9: `git clone` and the README's two commands run every test. No test reads a folder beside the
// clone (../shared once held the real catalogs, and 14 cases skipped without it); the verbatim copies the
// tests read instead are in the repository, each named with its source and licence.

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    // fixtures/ holds verbatim data; node_modules/ (test/hosts/ installs the real hosts there) is not ours.
    if (e.isDirectory() && e.name !== "fixtures" && e.name !== "node_modules")
      out.push(...(await sources(full)));
    else if (/\.(ts|tsx|mjs|js)$/.test(e.name)) out.push(full);
  }
  return out;
}

it("no test reads ../shared or another folder outside the repository", async () => {
  const files = await sources(path.join(ROOT, "test"));
  expect(files.length).toBeGreaterThan(100);
  const outside: string[] = [];
  for (const file of files) {
    // This file, and the docs test that checks the docs for the same words, name ../shared in their texts.
    if (["self-contained.test.ts", "links.test.ts"].includes(path.basename(file))) continue;
    const text = await fs.readFile(file, "utf8");
    if (/\.\.\/shared\b|shared\/data\/real-world|"\.\.", "shared"/.test(text))
      outside.push(path.relative(ROOT, file));
  }
  expect(outside).toEqual([]);
});

it("every verbatim file in test/fixtures/real-world/ is named in its PROVENANCE.md, beside its licence", async () => {
  const dir = path.join(ROOT, "test/fixtures/real-world");
  const names = await fs.readdir(dir);
  const provenance = await fs.readFile(path.join(dir, "PROVENANCE.md"), "utf8");
  const data = names.filter((n) => n !== "PROVENANCE.md" && !n.startsWith("LICENSE."));
  expect(data.length).toBeGreaterThan(5);
  expect(data.filter((n) => !provenance.includes(`\`${n}\``))).toEqual([]);
  for (const licence of names.filter((n) => n.startsWith("LICENSE.")))
    expect(provenance, licence).toContain(`\`${licence}\``);
  // Each repository the table names has its licence here.
  for (const repo of ["claude-plugins-official", "docker-mcp-registry", "mcpb", "brave-search-mcp-server"])
    expect(names).toContain(`LICENSE.${repo}`);
});
