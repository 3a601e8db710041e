import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { buildPackages } from "../../scripts/build-packages.js";
import { REGISTRY_EXTERNALS } from "../../scripts/bundle-registry.js";
import { ROOT } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// The two package folders as `npm run build:packages` writes them (from the build `npm test` made), and
// what `npm pack` would put in each tarball. scripts/smoke-packages.ts installs and runs the tarballs (CI).

const exec = promisify(execFile);
const root = JSON.parse(await fs.readFile(path.join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
};
const CLI = path.join(ROOT, "packages", "cli");
const REGISTRY = path.join(ROOT, "packages", "registry");
const manifest = async (dir: string) =>
  JSON.parse(await fs.readFile(path.join(dir, "package.json"), "utf8")) as Record<string, unknown>;

/** `npm pack --dry-run`: the tarball's file list, and what npm printed on stderr. */
async function packList(dir: string): Promise<{ files: string[]; stderr: string }> {
  const { stdout, stderr } = await exec("npm", ["pack", "--dry-run", "--json", dir], {
    cwd: await tempDir(),
  });
  const [{ files }] = JSON.parse(stdout) as [{ files: Array<{ path: string }> }];
  return { files: files.map((f) => f.path).sort(), stderr };
}

beforeAll(async () => {
  await buildPackages(ROOT);
}, 120_000);

describe("the connectory package (CLI)", () => {
  it("has no dependencies and no lifecycle scripts, and takes its version from the root", async () => {
    const m = await manifest(CLI);
    expect(m).toMatchObject({
      name: "connectory",
      version: root.version,
      bin: { connectory: "bin/connectory.js" },
    });
    for (const field of ["dependencies", "peerDependencies", "scripts"]) expect(m[field]).toBeUndefined();
    // Only the keychain binding, optional, at the root's pin: the bundle imports it lazily.
    expect(m.optionalDependencies).toEqual({ "@napi-rs/keyring": root.dependencies["@napi-rs/keyring"] });
  });

  it("packs only its bin, its bundle, manifest and README, without npm warnings", async () => {
    const { files, stderr } = await packList(CLI);
    expect(stderr).not.toMatch(/warn/i);
    expect(files.filter((f) => !/^dist\/cli-bundle\/(chunks\/)?[\w-]+\.mjs$/.test(f))).toEqual([
      "README.md",
      "bin/connectory.js",
      "bin/package.json",
      "package.json",
    ]);
    expect(files).toContain("dist/cli-bundle/index.mjs");
  });

  it("runs from its folder and reports the package's version", async () => {
    const { stdout } = await exec(process.execPath, [path.join(CLI, "bin", "connectory.js"), "--version"], {
      env: { ...process.env, CONNECTORY_HOME: await tempDir() },
    });
    expect(stdout).toBe(`${root.version}\n`);
  });

  it("without its optional keychain binding, keeps credentials in the file (and says so when forced)", async () => {
    // A copy outside the checkout: no node_modules above it, so @napi-rs/keyring cannot be found.
    const copy = path.join(await tempDir(), "connectory");
    await fs.cp(CLI, copy, { recursive: true });
    const home = await tempDir();
    await buildHome(home, [{ sample: "tushare" }]);
    const set = (store: string) =>
      exec(
        process.execPath,
        [
          path.join(copy, "bin", "connectory.js"),
          "credentials",
          "set",
          "tushare",
          `TUSHARE_TOKEN=${"ab".repeat(28)}`,
          "--json",
        ],
        {
          env: {
            PATH: process.env.PATH,
            CONNECTORY_HOME: home,
            CONNECTORY_CREDENTIAL_STORE: store,
            // A bus address, so the binding is really looked for.
            DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(home, "no-bus")}`,
          },
        },
      ).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
    const forced = await set("keychain");
    expect(forced.code).toBe(1);
    expect(JSON.parse(forced.stdout).error).toMatchObject({
      code: "credentials.keychain.unavailable",
      message: expect.stringContaining("@napi-rs/keyring is not installed"),
    });
    expect((await set("")).code).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(home, "credentials.json"), "utf8")).connectors).toEqual({
      "tushare@default": { TUSHARE_TOKEN: "ab".repeat(28) },
    });
  });
});

describe("the connectory-registry package", () => {
  it("depends only on what its bundle leaves out, at the root's pinned versions", async () => {
    const m = await manifest(REGISTRY);
    expect(m).toMatchObject({
      name: "connectory-registry",
      version: root.version,
      bin: { "connectory-registry": "bin/connectory-registry.js" },
    });
    expect(m.dependencies).toEqual(
      Object.fromEntries(REGISTRY_EXTERNALS.map((n) => [n, root.dependencies[n]])),
    );
    expect(m.scripts).toBeUndefined();
  });

  it("packs the bundle and every file the registry reads at run time, and nothing of the checkout's tooling", async () => {
    const { files, stderr } = await packList(REGISTRY);
    expect(stderr).not.toMatch(/warn/i);
    for (const needed of [
      "bin/connectory-registry.js",
      "dist/index.js",
      "migrations/sqlite/meta/_journal.json",
      "migrations/pg/meta/_journal.json",
      "schemas/plugin.schema.json",
      "plugins-sample/weather/server/index.js", // generated, ignored by git: the seed needs it
      "plugins-sample/weather/plugin.json",
      "docs/package-format.md", // served at /docs/ (src/web/lib/project-docs.ts)
    ])
      expect(files).toContain(needed);
    expect(files.some((f) => f.startsWith("src/web/static/"))).toBe(true);
    const tops = new Set(files.map((f) => f.split("/")[0]));
    expect([...tops].sort()).toEqual([
      "README.md",
      "bin",
      "catalogs",
      "dist",
      "docs",
      "migrations",
      "package.json",
      "plugins-sample",
      "schemas",
      "src",
    ]);
    expect(files.filter((f) => f.startsWith("dist/") && !/^dist\/(chunks\/)?[\w-]+\.js$/.test(f))).toEqual(
      [],
    );
  });

  it("ships the real catalogs the default seed imports, each with its licence and provenance", async () => {
    const { files } = await packList(REGISTRY);
    for (const folder of ["official-registry", "docker-mcp-registry", "claude-plugins-official"]) {
      expect(files).toContain(`catalogs/${folder}/LICENSE`);
      expect(files).toContain(`catalogs/${folder}/PROVENANCE.md`);
    }
    expect(files).toContain("catalogs/README.md");
    expect(files).toContain("catalogs/official-registry/official-registry-seed.server.json");
    expect(files).toContain("catalogs/claude-plugins-official/.claude-plugin/marketplace.json");
    expect(
      files.filter((f) => /^catalogs\/docker-mcp-registry\/servers\/[^/]+\/server\.yaml$/.test(f)),
    ).toHaveLength(328);
    expect(
      files.filter((f) => /^catalogs\/docker-mcp-registry\/servers\/[^/]+\/tools\.json$/.test(f)),
    ).toHaveLength(82);
    // The copies are the checkout's, byte for byte (the package's files are what the seed imports).
    for (const file of [
      "catalogs/official-registry/official-registry-seed.server.json",
      "catalogs/docker-mcp-registry/servers/github-official/server.yaml",
      "catalogs/claude-plugins-official/external_plugins/github/.mcp.json",
    ])
      expect(await fs.readFile(path.join(REGISTRY, file))).toEqual(await fs.readFile(path.join(ROOT, file)));
  });

  it("its bundled command runs from the package folder: help names it, migrate uses the shipped migrations", async () => {
    const bin = path.join(REGISTRY, "bin", "connectory-registry.js");
    const help = await exec(process.execPath, [bin, "--help"]);
    expect(help.stdout).toMatch(/^Usage: connectory-registry <command>/);
    expect((await exec(process.execPath, [bin, "--version"])).stdout).toBe(`${root.version}\n`);
    const dir = await tempDir();
    const migrated = await exec(process.execPath, [bin, "migrate", "--json"], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: path.join(dir, "r.db") },
    });
    expect(JSON.parse(migrated.stdout)).toEqual({ status: "ok", database: "sqlite" });
    const token = await exec(process.execPath, [bin, "token", "create", "--publisher", "acme"], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: path.join(dir, "r.db") },
    });
    expect(token.stdout).toMatch(/^cty_\S+\n$/);
    expect(token.stderr).toMatch(/shown only this once/);
  });
});
