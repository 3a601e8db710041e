import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { headerComment } from "../../bench/lib/help.js";

// Every bench answers `--help` with its header comment and runs nothing (bench/lib/help.ts).
const BENCH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bench");
// The preload the benches import to time a child's CPU: not a bench of its own.
const NOT_BENCHES = ["child-cpu.ts"];

it("the header is the leading // comment, without its slashes", () => {
  expect(headerComment("// `npm run bench:x`: what\n//\n//   BENCH_N  how many\nimport x;\n// later")).toBe(
    "`npm run bench:x`: what\n\n  BENCH_N  how many",
  );
  expect(headerComment("import x;\n// not a header")).toBe("");
});

it("every bench script asks answerHelp first, with its own URL", () => {
  const scripts = readdirSync(BENCH).filter((f) => f.endsWith(".ts") && !NOT_BENCHES.includes(f));
  expect(scripts.length).toBeGreaterThan(20);
  for (const script of scripts) {
    const source = readFileSync(path.join(BENCH, script), "utf8");
    expect(headerComment(source), script).not.toBe("");
    // The first statement after the imports (comments aside): nothing has run when help is printed.
    const imports = source.lastIndexOf("\nimport ");
    const afterImports = source.slice(source.indexOf(";\n", imports) + 2);
    expect(afterImports.replace(/^(\s*(\/\/.*)?\n)*/, ""), script).toMatch(
      /^answerHelp\(\s*import\.meta\.url/,
    );
  }
});

it("`--help` prints the header and exits 0 without running the bench", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(BENCH, "config.ts"), "--help"], {
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(`${headerComment(readFileSync(path.join(BENCH, "config.ts"), "utf8"))}\n`);
  expect(run.stdout).toContain("npm run bench:config");
});
