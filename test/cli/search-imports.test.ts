import { describe, expect, it } from "vitest";
import { staticGraph } from "../helpers/import-graph.js";

// `search` runs on every keystroke of a shell loop: it must not load what installing needs (the
// package validators, ajv and its schemas). The bundler's own view of the graph is the check: the
// modules a command loads when its chunk loads are its static imports, followed transitively; a
// dynamic import() is a chunk of its own, loaded only when it runs.

/** The npm packages that loading `entry` loads (static imports only, as the bundled CLI does). */
async function packagesLoadedBy(entry: string): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const input of (await staticGraph(entry)).loaded) {
    const rest = input.split("node_modules/")[1];
    if (!rest) continue;
    const parts = rest.split("/");
    packages.add(rest.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
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
