/**
 * `npm run build:cli`: bundles the CLI (cli/index.ts and everything it imports, npm packages included)
 * into dist/cli-bundle/, which bin/connectory.js loads. Node resolves and compiles one file per module;
 * the CLI's graph is hundreds of files (ajv, zod, yaml, the MCP SDK…), and each one costs a few
 * hundred microseconds at every start (issue 4: `--version` ≤ 150 ms, an install ≤ 400 ms).
 *
 * ESM with code splitting keeps every verb lazy: cli/commands.ts imports each command with a dynamic
 * import(), which becomes its own chunk; `--version` loads the entry and a few small shared chunks.
 * dist/cli-bundle/index.mjs sits as deep as dist/cli/index.js, so its `../../package.json` (the version)
 * and bin/connectory.js (found by walking up) resolve the same. tsc still emits dist/cli/ (unused at
 * run time) because it typechecks everything in one pass.
 *
 * Every file is `.mjs`: Node knows an ES module by that extension, where a `.js` file sends it looking for
 * the nearest package.json's "type" from the file's folder up, for each of the 60 to 70 chunks an install
 * loads (issue 29: `install weather` 1,152 → 1,045 M instructions, 379 → 350 ms median of 20 alternating
 * runs).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { repoRoot } from "./build-samples.js";

export const CLI_BUNDLE_DIR = "dist/cli-bundle";

/**
 * Optional packages the bundle leaves out and imports lazily (a dynamic import that may fail): the CLI
 * package lists them under optionalDependencies, and works without them.
 */
export const CLI_OPTIONAL_EXTERNALS = ["@napi-rs/keyring"];

/**
 * Builds the CLI bundle of `root` into `outdir` (default dist/cli-bundle; the CLI package gets its own,
 * scripts/build-packages.ts). Returns the output's total size in bytes and the modules it imports at
 * run time (Node built-ins, and the optional packages of CLI_OPTIONAL_EXTERNALS).
 */
export async function bundleCli(
  root: string = repoRoot(),
  outdir: string = path.join(root, CLI_BUNDLE_DIR),
): Promise<{ bytes: number; imports: string[] }> {
  // Built beside and swapped in by rename: CLIs running meanwhile (tests, other shells) never see a
  // half-written bundle, and chunks of an earlier build (their names carry hashes) are dropped.
  const fresh = `${outdir}.new-${process.pid}`;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { index: "cli/index.ts" },
    outdir: fresh,
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // A native binding (cli/credentials/secret-backend-keychain.ts): it cannot be bundled, and may be absent.
    external: CLI_OPTIONAL_EXTERNALS,
    // ESM builds first: a UMD "main" (jsonc-parser's) hides its require()s from the bundler.
    mainFields: ["module", "main"],
    // Whitespace and syntax only: stack traces of a bug report keep our readable names (third-party code is
    // minified further by minifyDependencies).
    minifyWhitespace: true,
    minifySyntax: true,
    // Chinese tables as UTF-8, not \uXXXX escapes: a CJK character is 3 bytes instead of 6 (-90 KB).
    charset: "utf8",
    metafile: true,
    // Bundled CommonJS packages (ajv, yaml, proper-lockfile…) call require() for Node built-ins.
    banner: {
      js: 'import { createRequire as __connectoryRequire } from "node:module"; const require = __connectoryRequire(import.meta.url);',
    },
    plugins: [zodEnglishOnly, messageTablesAsJson, minifyDependencies],
    logLevel: "warning",
  });
  const old = `${outdir}.old-${process.pid}`;
  await fs.rename(outdir, old).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== "ENOENT") throw e;
  });
  await fs.rename(fresh, outdir);
  await fs.rm(old, { recursive: true, force: true });
  return bundleFacts(result.metafile);
}

/**
 * zod's namespace exports every locale (`z.locales.*`, ~200 KB of error-message tables in forty
 * languages) and a namespace import keeps them all: the CLI parses them on every `run` and `gateway`
 * start (issue 29). Nothing in the CLI or the MCP SDK calls `z.locales`; zod itself configures English
 * from its own file. Inside zod, `locales/index.js` becomes English only.
 */
const zodEnglishOnly: esbuild.Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-en" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: "js",
    }));
  },
};

/** The CLI's two message tables (cli/terminal/language.ts imports both on every verb). */
const MESSAGE_TABLES = /[\\/]cli[\\/]terminal[\\/]messages-(en|zh-cn)\.ts$/;

/**
 * The CLI's message tables as one JSON.parse of a string literal each. Written as object literals spread
 * from thirteen sub-tables (~1,250 strings a language), they cost every verb ~27 ms to evaluate at start,
 * both languages together; V8 parses the same data as JSON in ~4 (issue 29, bench:metadata). Each table
 * module is bundled on its own from its source and evaluated here, so what is embedded is the module's own
 * value, never a stale build; a module exporting anything but string tables fails the build.
 */
export const messageTablesAsJson: esbuild.Plugin = {
  name: "message-tables-as-json",
  setup(build) {
    build.onLoad({ filter: MESSAGE_TABLES }, async (args) => {
      const built = await esbuild.build({
        entryPoints: [args.path],
        bundle: true,
        format: "esm",
        platform: "node",
        write: false,
        logLevel: "silent",
      });
      const code = built.outputFiles[0]!.text;
      const tables = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
      )) as Record<string, unknown>;
      const lines = Object.entries(tables).map(([name, table]) => {
        const strings =
          typeof table === "object" &&
          table !== null &&
          Object.getPrototypeOf(table) === Object.prototype &&
          Object.values(table).every((v) => typeof v === "string");
        if (!strings)
          throw new Error(
            `${args.path}: its export ${name} is not a table of strings; message-tables-as-json embeds only those (keep code out of the message modules)`,
          );
        return `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
      });
      return { contents: lines.join("\n"), loader: "js" };
    });
  },
};

/**
 * Third-party modules (node_modules) get their local identifiers minified too, one file at a time before
 * bundling: the CLI package's size promise (≤ 3 MiB on disk, scripts/smoke-packages.ts) and fewer bytes to
 * parse at every start (-210 KB). No output format is given, so a module's top-level names, imports and
 * exports (CommonJS or ESM) stay as written and only names inside functions change; stack frames in our
 * own code keep their names.
 */
const minifyDependencies: esbuild.Plugin = {
  name: "minify-dependencies",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const source = await fs.readFile(args.path, "utf8");
      const { code } = await esbuild.transform(source, {
        loader: "js",
        sourcefile: args.path,
        target: "node20",
        charset: "utf8",
        minifyIdentifiers: true,
        minifySyntax: true,
        minifyWhitespace: true,
      });
      return { contents: code, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

/** An esbuild metafile's total output size and the external modules its outputs import. */
export function bundleFacts(metafile: esbuild.Metafile): { bytes: number; imports: string[] } {
  const outputs = Object.values(metafile.outputs);
  const imports = new Set(outputs.flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
  return { bytes: outputs.reduce((sum, o) => sum + o.bytes, 0), imports: [...imports].sort() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { bytes } = await bundleCli();
  process.stdout.write(`build:cli: wrote ${CLI_BUNDLE_DIR}/ (${(bytes / 1024).toFixed(0)} KB)\n`);
}
