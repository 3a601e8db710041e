/**
 * Bundles the registry's operator command (src/admin/index.ts: serve, migrate, token…) with esbuild for
 * the registry package (scripts/build-packages.ts), so it runs from its installed folder with no build
 * step and no TypeScript. Pure-JS dependencies (hono, drizzle-orm, zod, ajv, markdown-it…) are bundled;
 * the packages below stay real dependencies of the registry package: better-sqlite3 is native, and
 * postgres and the AWS SDK are large and loaded only by deployments that choose them.
 *
 * Each command is its own chunk (src/admin/commands.ts imports them lazily): `token list` does not load
 * the web marketplace. The bundle finds migrations/, src/web/static, schemas/ and plugins-sample/ by walking
 * up from its own file, as the built checkout does, so the package ships them beside dist/.
 */
import * as esbuild from "esbuild";
import { bundleFacts } from "./bundle-cli.js";

/** The registry package's runtime dependencies: kept out of the bundle, pinned to the root's versions. */
export const REGISTRY_EXTERNALS = ["better-sqlite3", "postgres", "@aws-sdk/client-s3"];

/**
 * Imported only when running from the TypeScript sources (the README worker is bundled on the fly in
 * tests, src/registry/readme/readme-renderer.ts): never reached from the bundle, so neither bundled nor
 * a dependency of the package.
 */
export const SOURCE_ONLY_IMPORTS = ["esbuild"];

/** Builds the registry bundle of `root` into `outdir`; returns its size and the modules it imports. */
export async function bundleRegistry(
  root: string,
  outdir: string,
): Promise<{ bytes: number; imports: string[] }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    // The README renderer's worker is a file of its own (a Worker starts from a file): dist/readme-worker.js.
    // So is the postgres.js repair's load hook (src/db/postgres/driver-fix-hooks.ts): dist/driver-fix-hooks.js.
    entryPoints: {
      index: "src/admin/index.ts",
      "readme-worker": "src/registry/readme/readme-worker.ts",
      "driver-fix-hooks": "src/db/postgres/driver-fix-hooks.ts",
    },
    outdir,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    mainFields: ["module", "main"],
    external: [...REGISTRY_EXTERNALS, ...SOURCE_ONLY_IMPORTS],
    jsx: "automatic",
    jsxImportSource: "hono/jsx",
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    banner: {
      js: 'import { createRequire as __connectoryRequire } from "node:module"; const require = __connectoryRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  return bundleFacts(result.metafile);
}

/** `@aws-sdk/client-s3/dist…` → `@aws-sdk/client-s3`; `node:fs` stays itself. */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}
