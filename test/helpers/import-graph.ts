import * as esbuild from "esbuild";
import { ROOT } from "./cli.js";

/**
 * What loading `entry` loads, by the bundler's view of the graph: its static imports, transitively, as
 * paths relative to the repository (a dynamic import() loads only when it runs, so it is not followed).
 * Used by the tests that keep a start's or a verb's imports to what it needs (issue 29). `dynamic` is the
 * entry's own dynamic imports; `inputs` the metafile's, for tests that look further.
 */
export async function staticGraph(
  entry: string,
): Promise<{ loaded: Set<string>; dynamic: string[]; inputs: esbuild.Metafile["inputs"] }> {
  const built = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    // The CLI's optional keychain binding, as scripts/bundle-cli.ts leaves it out.
    external: ["@napi-rs/keyring"],
    mainFields: ["module", "main"],
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = built.metafile.inputs;
  const loaded = new Set([entry]);
  for (const file of loaded)
    for (const i of inputs[file]?.imports ?? []) if (i.kind === "import-statement") loaded.add(i.path);
  const dynamic = (inputs[entry]?.imports ?? [])
    .filter((i) => i.kind === "dynamic-import")
    .map((i) => i.path);
  return { loaded, dynamic, inputs };
}
