import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { headingId } from "../../src/web/lib/project-docs.js";
import { ROOT } from "../helpers/cli.js";
import { sourceFiles } from "../helpers/layer-table.js";

// Code that points a reader at the docs (error hints, comments, pages) points at files and headings
// that exist in this repository: `docs/<file>.md` names a file of docs/, `#anchor` one of its headings,
// and nothing cites a document the repository does not hold (the original brief's "DESIGN §n"). Tests
// may name missing docs on purpose, so they are not read.

const DIRS = ["src", "cli", "bench", "scripts"];
const CITE = /\bdocs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;

async function headingsOf(file: string): Promise<Set<string> | undefined> {
  const text = await fs.readFile(path.join(ROOT, "docs", file), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const prose = text.replace(/```[\s\S]*?```/g, "");
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingId(m[1]!.replace(/`/g, ""))));
}

it("every docs/<file>.md#anchor cited in the code names an existing file and heading", async () => {
  const cache = new Map<string, Set<string> | undefined>();
  const broken: string[] = [];
  let cited = 0;
  for (const file of sourceFiles(ROOT, DIRS)) {
    const text = await fs.readFile(path.join(ROOT, file), "utf8");
    for (const [whole, doc, anchor] of text.matchAll(CITE)) {
      cited++;
      if (!cache.has(doc!)) cache.set(doc!, await headingsOf(doc!));
      const headings = cache.get(doc!);
      if (!headings) broken.push(`${file}: ${whole} (no such file)`);
      else if (anchor !== undefined && !headings.has(anchor))
        broken.push(`${file}: ${whole} (no such heading)`);
    }
  }
  expect(cited).toBeGreaterThan(10);
  expect(broken).toEqual([]);
});

it("no code cites a document the repository does not hold", async () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(ROOT, DIRS)) {
    const text = await fs.readFile(path.join(ROOT, file), "utf8");
    if (/DESIGN §|DESIGN\.md|STYLE\.md/.test(text)) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});
