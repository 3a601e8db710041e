import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { runImport, type ImportReport } from "../../src/registry/import/import-run.js";
import { importEntries } from "../../src/registry/import/import-sources.js";
import { cli } from "../helpers/cli.js";
import { specExamples } from "../helpers/official-spec.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The two specification examples Connectory lists but cannot run (docker `--network host`, no package and
// no remote), imported into a real registry: `connectory install` refuses each with why and what to do,
// and writes nothing.

let reg: TestRegistry;
let report: ImportReport;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;

beforeAll(async () => {
  reg = await createTestRegistry();
  const texts = specExamples()
    .map((e) => e.text)
    .filter((t) => /"name": "[^"]*\/(database-manager|embedded-mcp)"/.test(t));
  expect(texts).toHaveLength(2);
  const file = path.join(reg.dir, "listed.json");
  await fs.writeFile(file, `[${texts.join(",\n")}]`);
  report = await runImport({
    registry: reg.app.registry,
    repo: reg.repo,
    entries: await importEntries(file, { fetch, cwd: reg.dir }),
    now: () => new Date(),
  });
});
afterAll(() => reg.close());

it.each([
  ["io.github.example/database-manager", /--network host/, /github\.com\/example\/database-manager-mcp/],
  ["io.modelcontextprotocol.anonymous/embedded-mcp", /no package and no remote/, /embedded-mcp-guide/],
])("install refuses %s, saying why and where to look, and writes nothing", async (upstream, why, where) => {
  const entry = report.entries.find((e) => e.entry === upstream)!;
  expect(entry.status).toBe("imported");
  const home = await tempDir();
  const run = (...argv: string[]) =>
    cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });
  const json = await run("install", entry.name!, "--yes", "--json");
  expect(json.code).not.toBe(0);
  const error = JSON.parse(json.stdout).error as { code: string; message: string; hint: string };
  expect(error.code).toBe("install.listing-only");
  expect(error.message).toContain("cannot be installed with Connectory");
  expect(error.message).toMatch(why);
  expect(error.hint).toMatch(where);
  const text = await run("install", entry.name!, "--yes");
  expect(text.stderr).toMatch(why);
  // In Chinese: the sentence and what to do; the recorded reason stays as it was written.
  const zh = await run("install", entry.name!, "--yes", "--lang", "zh-CN");
  expect(zh.stderr).toContain("仅在市场中列出，无法用 Connectory 安装：");
  expect(zh.stderr).toMatch(why);
  expect(zh.stderr).toContain("什么都没有安装");
  await expect(fs.access(homePaths(home).installed)).rejects.toThrow();
});
