import fs from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../cli/commands.js";
import { CLI_MESSAGES } from "../../cli/terminal/language.js";
import { messageTablesAsJson } from "../../scripts/bundle-cli.js";
import { ROOT, spawnCli } from "../helpers/cli.js";
import { staticGraph } from "../helpers/import-graph.js";
import { tempDir } from "../helpers/tmp.js";

// bin/connectory.js runs the esbuild bundle (scripts/bundle-cli.ts), not the modules the in-process
// tests import: a package the bundler cannot follow (a UMD require, a file read beside the source)
// only fails there, when its verb's chunk loads. `<verb> --help` loads every chunk of the verb.

/** An in-memory bundle, ESM for Node as scripts/bundle-cli.ts makes the CLI's. */
function bundle(options: esbuild.BuildOptions) {
  return esbuild.build({
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    ...options,
  });
}

describe("the bundled CLI", () => {
  it("is what bin/connectory.js runs, and it reads the version from package.json", async () => {
    expect(await fs.readFile(path.join(ROOT, "bin/connectory.js"), "utf8")).toContain(
      "../dist/cli-bundle/index.mjs",
    );
    const { version } = JSON.parse(await fs.readFile(path.join(ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    const home = await tempDir();
    const r = await spawnCli(["--version"], { home });
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n` });
    // bin/connectory.js answers `--version` and `-v` alone itself (issue 29); the bundle answers every
    // other form, and both say the same.
    expect(await spawnCli(["-v"], { home })).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(await spawnCli(["--version", "--lang", "en"], { home })).toMatchObject({
      code: 0,
      stdout: `${version}\n`,
    });
    const json = await spawnCli(["--version", "--json"], { home });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ version });
  });

  it("loads every verb (`<verb> --help` exits 0 with its usage)", async () => {
    const home = await tempDir();
    const names = Object.keys(COMMANDS);
    const failures: string[] = [];
    // Four at a time: the machine is shared.
    for (let i = 0; i < names.length; i += 4) {
      await Promise.all(
        names.slice(i, i + 4).map(async (name) => {
          const r = await spawnCli([...name.split(" "), "--help"], { home });
          if (r.code !== 0 || !r.stdout.includes(`Usage: connectory ${name}`))
            failures.push(`${name}: exit ${r.code}\n${r.stderr}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000); // ~50 spawns, four at a time, on a shared machine

  it("holds the message tables as JSON, the same strings in the same order as their sources", async () => {
    const built = await bundle({
      stdin: {
        contents: `export { en } from "./cli/terminal/messages-en.ts"; export { zhCN } from "./cli/terminal/messages-zh-cn.ts";`,
        resolveDir: ROOT,
        loader: "ts",
      },
      plugins: [messageTablesAsJson],
    });
    const code = built.outputFiles![0]!.text;
    expect(code.match(/JSON\.parse\(/g)).toHaveLength(2);
    expect(code).not.toContain("enSetup"); // the sub-tables' spreads are gone
    const tables = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
      en: Record<string, string>;
      zhCN: Record<string, string>;
    };
    for (const [lang, table] of [
      ["en", tables.en],
      ["zh-CN", tables.zhCN],
    ] as const) {
      expect(Object.entries(table)).toEqual(Object.entries(CLI_MESSAGES[lang]));
    }
    // And what bin/connectory.js runs was built so (the minifier may requote the literal).
    const chunks = path.join(ROOT, "dist/cli-bundle/chunks");
    const texts = await Promise.all(
      (await fs.readdir(chunks)).map((f) => fs.readFile(path.join(chunks, f), "utf8")),
    );
    const first = Object.keys(CLI_MESSAGES.en)[0]!;
    const asJson = [`JSON.parse('{"${first}"`, `JSON.parse("{\\"${first}\\"`];
    expect(texts.some((t) => asJson.some((start) => t.includes(start)))).toBe(true);
  });

  it("fails the build when a message module exports anything but string tables", async () => {
    const dir = await tempDir();
    await fs.mkdir(path.join(dir, "cli/terminal"), { recursive: true });
    await fs.writeFile(
      path.join(dir, "cli/terminal/messages-en.ts"),
      `export const en = { "a.b": "x" };\nexport function speak(): string { return "y"; }\n`,
    );
    const build = bundle({
      entryPoints: [path.join(dir, "cli/terminal/messages-en.ts")],
      plugins: [messageTablesAsJson],
    });
    await expect(build).rejects.toThrow(/its export speak is not a table of strings/);
  });

  it("`run` of a stdio server loads neither the MCP SDK's client nor zod (its HTTP part is imported lazily)", async () => {
    const { loaded, dynamic, inputs } = await staticGraph("cli/commands/run.ts");
    expect([...loaded].filter((f) => /node_modules\/(zod|ajv|@modelcontextprotocol\/sdk)\//.test(f))).toEqual(
      [],
    );
    expect(loaded.size).toBeGreaterThan(50); // the walk did follow run.ts's imports
    // The remote and local-HTTP launch is there, behind the dynamic import.
    expect(dynamic).toContain("cli/mcp/run-network.ts");
    expect(
      Object.keys(inputs).some((f) => f.includes("@modelcontextprotocol/sdk/dist/esm/client/streamableHttp")),
    ).toBe(true);
  });

  it("`install` loads no ajv, TOML or YAML library (info's validated view, snippet.ts's text are their own files)", async () => {
    const { loaded } = await staticGraph("cli/commands/install.ts");
    expect(
      [...loaded].filter((f) =>
        /node_modules\/(ajv|zod|@modelcontextprotocol\/sdk|@decimalturn\/toml-patch|yaml)\//.test(f),
      ),
    ).toEqual([]);
    expect(loaded).toContain("cli/terminal/connector-view.ts"); // the walk reached the view it shows
    expect(loaded).toContain("src/core/hosts/index.ts"); // and the host table (stale exports)
    expect((await staticGraph("cli/commands/info.ts")).loaded).toContain("node_modules/ajv/dist/2020.js");
    const config = (await staticGraph("cli/commands/config.ts")).loaded;
    expect(config).toContain("node_modules/@decimalturn/toml-patch/dist/toml-patch.js");
    expect(config).toContain("src/core/hosts/format-document.ts");
  });
});
