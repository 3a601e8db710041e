import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { headingId } from "../../src/web/lib/project-docs.js";
import { ROOT } from "../helpers/cli.js";

// README.md and docs/ stand on their own: no link leaves the repository's own files (nothing to
// ../shared, which exists in no clone or package), every relative link names a file that exists, and
// every #fragment names a heading of its target.

async function markdownFiles(): Promise<string[]> {
  const docs = (await fs.readdir(path.join(ROOT, "docs"))).filter((f) => f.endsWith(".md"));
  return ["README.md", ...docs.map((f) => `docs/${f}`)];
}

/** Markdown link targets outside code blocks and code spans. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

function anchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, "");
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingId(m[1]!.replace(/`/g, ""))));
}

it("no file in README.md or docs/ refers to ../shared (DESIGN.md, STYLE.md)", async () => {
  const offenders: string[] = [];
  for (const file of await markdownFiles()) {
    const text = await fs.readFile(path.join(ROOT, file), "utf8");
    if (/\.\.\/shared|shared\/(DESIGN|STYLE)\.md|DESIGN\.md|STYLE\.md|DESIGN §/.test(text))
      offenders.push(file);
  }
  expect(offenders).toEqual([]);
});

it("every relative link in README.md and docs/ names an existing file, and every #fragment a heading", async () => {
  const broken: string[] = [];
  for (const file of await markdownFiles()) {
    const text = await fs.readFile(path.join(ROOT, file), "utf8");
    for (const target of links(text)) {
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [rel = "", fragment] = target.split("#");
      const resolved =
        rel === "" ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), rel);
      if (!resolved.startsWith(ROOT + path.sep)) {
        broken.push(`${file}: ${target} leaves the repository`);
        continue;
      }
      const exists = await fs.stat(resolved).then(
        () => true,
        () => false,
      );
      if (!exists) {
        broken.push(`${file}: ${target} (no such file)`);
        continue;
      }
      if (fragment !== undefined && resolved.endsWith(".md")) {
        if (!anchors(await fs.readFile(resolved, "utf8")).has(fragment))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it("links outside the repository are only to standards (RFCs), never to another project's docs", async () => {
  const external: string[] = [];
  for (const file of await markdownFiles())
    for (const target of links(await fs.readFile(path.join(ROOT, file), "utf8")))
      if (/^https?:/.test(target) && !target.startsWith("https://www.rfc-editor.org/"))
        external.push(`${file}: ${target}`);
  expect(external).toEqual([]);
});
