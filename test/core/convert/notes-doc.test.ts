import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { INPUT_CODES, NOTE_CODES, REFUSAL_CODES } from "../../../src/core/convert/notes.js";
import { ROOT } from "../../helpers/cli.js";

// Every note and refusal code a converter can emit is in notes.ts, and each is documented in
// docs/package-format.md ("Converting from other formats"); a listed code no converter emits is stale.
// The errors of reading the input (the one foreign-format reader, read-input.ts) are listed apart and
// documented with `convert` in docs/cli.md.

it("the codes the converters emit are exactly the listed ones, and each is documented", async () => {
  const dir = path.join(ROOT, "src/core/convert");
  const emitted = new Set<string>();
  for (const file of await fs.readdir(dir)) {
    if (file === "notes.ts") continue;
    const source = await fs.readFile(path.join(dir, file), "utf8");
    for (const m of source.matchAll(/"(convert\.[a-z-]+(?:\.[a-z-]+)*)"/g)) emitted.add(m[1]!);
  }
  const listed = new Set<string>([...NOTE_CODES, ...REFUSAL_CODES]);
  const all = new Set<string>([...listed, ...INPUT_CODES]);
  expect(emitted.size).toBeGreaterThan(30);
  expect([...emitted].filter((c) => !all.has(c))).toEqual([]);
  expect([...all].filter((c) => !emitted.has(c))).toEqual([]);
  const doc = await fs.readFile(path.join(ROOT, "docs/package-format.md"), "utf8");
  expect([...listed].filter((c) => !doc.includes(`\`${c}\``))).toEqual([]);
  const cliDoc = await fs.readFile(path.join(ROOT, "docs/cli.md"), "utf8");
  expect(INPUT_CODES.filter((c) => !cliDoc.includes(`\`${c}\``))).toEqual([]);
});
