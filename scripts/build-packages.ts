/**
 * `npm run build:packages` (after `npm run build`): assembles the two installable packages from this
 * repository's build output, each in its own folder, ready for `npm pack ./packages/<name>`:
 *
 *   packages/cli/       `connectory`: the bundled CLI only (bin/, dist/cli-bundle/); no dependencies but
 *                       an optional one, the OS keychain binding, loaded lazily
 *   packages/registry/  `connectory-registry`: the bundled registry and operator command, the files it
 *                       reads (migrations/, src/web/static, schemas/, plugins-sample/), and as dependencies
 *                       only the packages the bundle leaves out (scripts/bundle-registry.ts)
 *
 * Everything in those folders but their README.md is generated here (and ignored by git): the
 * manifests take their version, licence and engines from the root package.json and their dependency
 * pins from its `dependencies`, so the one lockfile decides what both packages install. The root
 * package.json stays the development workspace (private: it is never published itself).
 */
import fs from "node:fs/promises";
import { existsSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { WEATHER_BUNDLE, repoRoot } from "./build-samples.js";
import { CLI_OPTIONAL_EXTERNALS, bundleCli } from "./bundle-cli.js";
import { REGISTRY_EXTERNALS, SOURCE_ONLY_IMPORTS, bundleRegistry, packageOf } from "./bundle-registry.js";

interface RootManifest {
  version: string;
  license: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
}

/** A package folder as written: its manifest and what it holds. */
export interface BuiltPackage {
  dir: string;
  name: string;
  files: number;
  bytes: number;
}

/** Assembles packages/cli and packages/registry under `root`; throws (naming the problem) on anything off. */
export async function buildPackages(root: string = repoRoot()): Promise<BuiltPackage[]> {
  const manifest = JSON.parse(await fs.readFile(path.join(root, "package.json"), "utf8")) as RootManifest;
  if (!existsSync(path.join(root, WEATHER_BUNDLE)))
    throw new Error(`build:packages: ${WEATHER_BUNDLE} is missing: run \`npm run build\` first`);
  const common = {
    version: manifest.version,
    license: manifest.license,
    type: "module",
    engines: manifest.engines,
  };

  const cliDir = await fresh(path.join(root, "packages", "cli"));
  const cli = await bundleCli(root, path.join(cliDir, "dist", "cli-bundle"));
  const notBuiltin = cli.imports.filter((i) => !isBuiltin(i) && !CLI_OPTIONAL_EXTERNALS.includes(i));
  if (notBuiltin.length > 0)
    throw new Error(
      `build:packages: the CLI bundle imports ${notBuiltin.join(", ")}; it may import only node:* (and, lazily, ${CLI_OPTIONAL_EXTERNALS.join(", ")})`,
    );
  // The optional packages, pinned as the lockfile has them: npm skips them where they cannot install.
  const optionalDependencies: Record<string, string> = {};
  for (const name of CLI_OPTIONAL_EXTERNALS) {
    const pin = manifest.dependencies[name];
    if (!pin) throw new Error(`build:packages: ${name} is not a dependency of the root package.json`);
    optionalDependencies[name] = pin;
  }
  // The same launcher as the checkout's (../dist/cli-bundle/index.mjs); the bundle reads ../../package.json.
  await copy(root, "bin/connectory.js", cliDir);
  // bin/ is CommonJS (its package.json): `--version` answers before Node's ES module loader starts.
  await copy(root, "bin/package.json", cliDir);
  await writeManifest(cliDir, {
    name: "connectory",
    ...common,
    description:
      "The Connectory CLI: install MCP connectors from a registry and hand them to every MCP host (Claude, Cursor, VS Code, Zed, Codex…).",
    bin: { connectory: "bin/connectory.js" },
    files: ["bin", "dist"],
    optionalDependencies,
  });

  const registryDir = await fresh(path.join(root, "packages", "registry"));
  const registry = await bundleRegistry(root, path.join(registryDir, "dist"));
  const declared = [...REGISTRY_EXTERNALS, ...SOURCE_ONLY_IMPORTS];
  const stray = registry.imports.filter((i) => !isBuiltin(i) && !declared.includes(packageOf(i)));
  if (stray.length > 0)
    throw new Error(
      `build:packages: the registry bundle imports ${stray.join(", ")}, which it does not declare`,
    );
  const dependencies: Record<string, string> = {};
  for (const name of REGISTRY_EXTERNALS) {
    const pin = manifest.dependencies[name];
    if (!pin) throw new Error(`build:packages: ${name} is not a dependency of the root package.json`);
    dependencies[name] = pin;
  }
  await fs.mkdir(path.join(registryDir, "bin"));
  await fs.writeFile(
    path.join(registryDir, "bin", "connectory-registry.js"),
    '#!/usr/bin/env node\n// connectory-registry <command>: the bundled operator command (serve, migrate, token…).\nimport "../dist/index.js";\n',
    { mode: 0o755 },
  );
  for (const folder of ["migrations", "schemas", "src/web/static", "plugins-sample", "catalogs", "docs"])
    await copy(root, folder, registryDir);
  await writeManifest(registryDir, {
    name: "connectory-registry",
    ...common,
    description:
      "The Connectory registry: versioned MCP connector packages, search, host configs and a web marketplace (SQLite, or PostgreSQL + S3).",
    bin: { "connectory-registry": "bin/connectory-registry.js" },
    files: ["bin", "dist", "docs", "migrations", "schemas", "src/web/static", "plugins-sample", "catalogs"],
    dependencies,
  });
  return Promise.all([cliDir, registryDir].map(describe));
}

/** Empties a package folder but for its committed README.md. */
async function fresh(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  for (const entry of await fs.readdir(dir)) {
    if (entry !== "README.md") await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  }
  return dir;
}

/**
 * Copies `relative` from the checkout into a package folder. Ignore files stay behind: npm would read
 * plugins-sample/.gitignore and leave out the generated weather server the registry seeds.
 */
async function copy(root: string, relative: string, dir: string): Promise<void> {
  await fs.cp(path.join(root, relative), path.join(dir, relative), {
    recursive: true,
    filter: (source) => ![".gitignore", ".npmignore"].includes(path.basename(source)),
  });
}

async function writeManifest(dir: string, manifest: Record<string, unknown>): Promise<void> {
  await fs.writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function describe(dir: string): Promise<BuiltPackage> {
  const { name } = JSON.parse(await fs.readFile(path.join(dir, "package.json"), "utf8")) as { name: string };
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { dir, name, files, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const p of await buildPackages()) {
    const where = path.relative(process.cwd(), p.dir) || ".";
    process.stdout.write(
      `build:packages: ${where}/ (${p.name}): ${p.files} files, ${(p.bytes / 1024).toFixed(0)} KB\n`,
    );
  }
}
