import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

// `search` runs on every keystroke of a shell loop: it must not load what installing needs (the
// package validators, ajv and its schemas). The bundler's own view of the graph is the check: the
// modules a command loads when its chunk loads are its static imports, followed transitively; a
// dynamic import() is a chunk of its own, loaded only when it runs.

/** The npm packages that loading `entry` loads (static imports only, as the bundled CLI does). */
async function packagesLoadedBy(entry: string): Promise<Set<string>> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    mainFields: ["module", "main"],
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const start = Object.keys(outputs).find((o) => outputs[o]?.entryPoint !== undefined);
  const seen = new Set<string>();
  const stack = start ? [start] : [];
  while (stack.length > 0) {
    const out = stack.pop() as string;
    if (seen.has(out)) continue;
    seen.add(out);
    for (const i of outputs[out]?.imports ?? []) {
      if (i.kind === "import-statement" && !i.external) stack.push(i.path);
    }
  }
  const packages = new Set<string>();
  for (const out of seen) {
    for (const input of Object.keys(outputs[out]?.inputs ?? {})) {
      const rest = input.split("node_modules/")[1];
      if (!rest) continue;
      const parts = rest.split("/");
      packages.add(rest.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
    }
  }
  return packages;
}

describe("what a verb loads", () => {
  it("search loads no validator (no ajv), while validate does: the check sees ajv where it is", async () => {
    const [search, validate] = await Promise.all([
      packagesLoadedBy("cli/commands/search.ts"),
      packagesLoadedBy("cli/commands/validate.ts"),
    ]);
    expect([...search].filter((p) => p.startsWith("ajv"))).toEqual([]);
    expect(validate.has("ajv")).toBe(true);
  });
});
