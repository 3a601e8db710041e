/**
 * `npm run smoke:packages` (CI: .ci/run): the two packages as a user gets them. Assembles them
 * (scripts/build-packages.ts), packs each with `npm pack`, installs each tarball into its own empty
 * prefix, then, from the installed copies only: `connectory-registry migrate` and `serve` on a temp
 * folder (port 0), `GET /healthz`, the CLI's `--version`, `search` and `install` against it, and a SIGTERM
 * that must stop the registry. Prints size, file count and install time of each package; any failure
 * throws and exits 1. `KEEP=1` keeps the temp folder.
 */
import assert from "node:assert/strict";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./build-samples.js";
import { buildPackages } from "./build-packages.js";
import { check, installTarball, packPackage, run, startRegistry, type Installed } from "./package-install.js";

/** The CLI package's promise: dependency-free and small (issue 11). */
export const CLI_MAX_DISK_BYTES = 3 * 1024 * 1024;

async function smoke(root: string, work: string): Promise<Installed[]> {
  const log = (line: string) => process.stderr.write(`smoke: ${line}\n`);
  await buildPackages(root);
  const { version } = JSON.parse(await fs.readFile(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };

  log("packing and installing connectory (CLI)");
  const cliTarball = await packPackage(path.join(root, "packages", "cli"), work);
  // Without its optional keychain binding first: what the CLI is on its own (and where npm cannot add
  // it). A project install, since npm 11 ignores --omit=optional for global ones.
  const cli = await installTarball(
    cliTarball,
    path.join(work, "prefix-cli"),
    "connectory",
    "connectory",
    [],
    ["--omit=optional"],
    false,
  );
  assert.equal(cli.added, 1, `the CLI package installed ${cli.added} packages: it must have no dependencies`);
  assert.ok(
    cli.diskBytes <= CLI_MAX_DISK_BYTES,
    `the CLI takes ${cli.diskBytes} bytes on disk (at most ${CLI_MAX_DISK_BYTES})`,
  );
  assert.deepEqual((await fs.readdir(cli.dir)).sort(), ["README.md", "bin", "dist", "package.json"]);
  assert.deepEqual(
    await fs.readdir(path.join(cli.dir, "dist")),
    ["cli-bundle"],
    "the CLI ships only its bundle",
  );
  // As npm installs it by default: plus @napi-rs/keyring and this platform's prebuilt binary, nothing else.
  const withKeychain = await installTarball(
    cliTarball,
    path.join(work, "prefix-cli-keychain"),
    "connectory",
    "connectory",
  );
  const extra = await fs.readdir(path.join(withKeychain.dir, "node_modules", "@napi-rs")).catch(() => []);
  assert.ok(
    withKeychain.added === 1 + extra.length && extra.every((p) => p.startsWith("keyring")),
    `the CLI package with its optional dependency installed ${withKeychain.added} packages (@napi-rs: ${extra.join(", ")})`,
  );
  const keychainVersion = check(
    "connectory --version (with @napi-rs/keyring)",
    await run(withKeychain.bin, ["--version"], { cwd: work, env: { PATH: process.env.PATH, HOME: work } }),
  );
  assert.equal(keychainVersion.stdout, `${version}\n`);
  log(
    `the CLI with its optional keychain binding: ${withKeychain.added} packages, ${withKeychain.diskBytes} bytes`,
  );

  log(
    "packing and installing connectory-registry (compiles better-sqlite3 when no prebuilt binary downloads)",
  );
  const registryTarball = await packPackage(path.join(root, "packages", "registry"), work);
  const registry = await installTarball(
    registryTarball,
    path.join(work, "prefix-registry"),
    "connectory-registry",
    "connectory-registry",
    ["better-sqlite3"],
  );

  // Everything below runs from the installed copies, in a folder outside the checkout (no node_modules above it).
  const site = path.join(work, "site");
  await fs.mkdir(site);
  const registryEnv = {
    PATH: process.env.PATH,
    HOME: site,
    PORT: "0",
    DATABASE_URL: path.join(site, "data", "registry.db"),
    STORAGE_DIR: path.join(site, "data", "blobs"),
  };
  check("connectory-registry --help", await run(registry.bin, ["--help"], { cwd: site, env: registryEnv }));
  const registryVersion = check(
    "connectory-registry --version",
    await run(registry.bin, ["--version"], { cwd: site, env: registryEnv }),
  );
  assert.equal(registryVersion.stdout, `${version}\n`);
  const migrated = check(
    "connectory-registry migrate",
    await run(registry.bin, ["migrate", "--json"], { cwd: site, env: registryEnv }),
  );
  assert.deepEqual(JSON.parse(migrated.stdout), { status: "ok", database: "sqlite" });
  const token = check(
    "connectory-registry token create",
    await run(registry.bin, ["token", "create", "--publisher", "smoke"], { cwd: site, env: registryEnv }),
  );
  assert.match(token.stdout, /^cty_\S+\n$/, "token create prints the token alone on stdout");

  log("starting the installed registry");
  const server = await startRegistry(registry.bin, ["serve"], {
    cwd: site,
    env: registryEnv,
    timeoutMs: 120_000,
  });
  try {
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200, `GET /healthz answered ${health.status}`);
    const page = await fetch(`${server.url}/`);
    assert.equal(page.status, 200, `the web marketplace answered ${page.status}`);

    const home = path.join(work, "user");
    await fs.mkdir(home);
    const cliEnv = {
      PATH: process.env.PATH,
      HOME: home,
      CONNECTORY_HOME: path.join(home, ".connectory"),
      CONNECTORY_REGISTRY: server.url,
    };
    const cliRun = async (args: string[]) =>
      check(`connectory ${args.join(" ")}`, await run(cli.bin, args, { cwd: home, env: cliEnv }));
    assert.equal((await cliRun(["--version"])).stdout, `${version}\n`);
    const found = JSON.parse((await cliRun(["search", "weather", "--json"])).stdout) as {
      items?: Array<{ name: string }>;
    };
    assert.ok(
      JSON.stringify(found).includes('"weather"'),
      `search weather did not find the seeded weather connector: ${JSON.stringify(found).slice(0, 400)}`,
    );
    await cliRun(["install", "weather", "--yes"]);
    const installed = JSON.parse(
      await fs.readFile(path.join(cliEnv.CONNECTORY_HOME, "plugins", "installed.json"), "utf8"),
    ) as unknown;
    assert.ok(
      JSON.stringify(installed).includes('"weather'),
      "install weather left no record in plugins/installed.json",
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- registry output ---\n${server.output()}`);
  } finally {
    const code = await server.stop();
    assert.equal(code, 0, `the registry exited ${code} after SIGTERM`);
  }
  await assert.rejects(fetch(`${server.url}/healthz`), "the registry still answers after SIGTERM");
  return [cli, registry];
}

/** The figures of each installed package, one table. */
export function installTable(packages: Installed[]): string {
  const rows = [
    ["package", "tarball KB", "installed KB (disk)", "files", "packages", "install s"],
    ...packages.map((p) => [
      p.name,
      (p.tarballBytes / 1024).toFixed(0),
      (p.diskBytes / 1024).toFixed(0),
      String(p.files),
      String(p.added),
      (p.installMs / 1000).toFixed(1),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
    )
    .join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-smoke-")));
  try {
    const installed = await smoke(repoRoot(), work);
    process.stdout.write(`${installTable(installed)}\n`);
    process.stdout.write(
      `smoke:packages: ok (node ${process.version}, ${os.cpus().length} cpu, load ${os.loadavg()[0]!.toFixed(1)})\n`,
    );
  } catch (error) {
    process.stderr.write(`smoke:packages: FAILED: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  } finally {
    if (process.env.KEEP === "1") process.stderr.write(`smoke: kept ${work}\n`);
    else await fs.rm(work, { recursive: true, force: true });
  }
}
