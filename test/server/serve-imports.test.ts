import { expect, it } from "vitest";
import { staticGraph } from "../helpers/import-graph.js";

// A registry start loads what serving needs. The checks run servers through the MCP SDK's client (with
// zod, two versions of it, and zod-to-json-schema: ~190 modules, ~1.4 MB), so check-bundled.ts and
// check-remote.ts are imported at the first check, not with the server (issue 29: a SQLite start listened
// ~300 ms sooner); the TOML and YAML writers of a host snippet at the first snippet asked, markdown-it at
// the first doc page (~50 ms more); the package validators (ajv, yaml) at the first publish, catalog import
// or mirror pass (~100 ms more). The bundler's view of the graph is the check: what loads with a module is
// its static imports, transitively; a dynamic import() loads when it runs.

it("serve loads no MCP SDK, zod, TOML writer, markdown-it or validator until asked; the checks do load the SDK", async () => {
  const serve = (await staticGraph("src/admin/commands/serve.ts")).loaded;
  expect(serve).toContain("src/registry/checks/bundled-queue.ts"); // the walk reached the checkers
  expect(serve).toContain("src/registry/checks/check-pass.ts");
  expect(
    [...serve].filter((f) =>
      /node_modules\/(@modelcontextprotocol\/sdk|zod|zod-to-json-schema|@decimalturn\/toml-patch|markdown-it|ajv|yaml)\//.test(
        f,
      ),
    ),
  ).toEqual([]);
  expect(serve).toContain("src/web/lib/project-docs.ts"); // and the doc pages' and snippets' modules
  expect(serve).toContain("src/http/routes/host-config.ts");
  for (const checker of ["src/registry/checks/check-bundled.ts", "src/registry/checks/check-remote.ts"])
    expect(
      [...(await staticGraph(checker)).loaded].some((f) => f.includes("@modelcontextprotocol/sdk/")),
    ).toBe(true);
});
