import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { computeIntegrity } from "../../src/package/integrity.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { cli, spawnCli } from "../helpers/cli.js";
import { VALID_CONNECTOR, writeConnector } from "../helpers/connector-folder.js";
import { tempDir } from "../helpers/tmp.js";
import { listTree } from "../helpers/tree.js";

async function setup(overrides: Record<string, string | undefined> = {}) {
  const home = await tempDir();
  const dir = await writeConnector(path.join(home, "src"), { ...VALID_CONNECTOR, ...overrides });
  const out = path.join(home, "out");
  await fs.mkdir(out);
  return { home, dir, out };
}

describe("connectory pack", () => {
  it("writes <name>-<version>.tgz in the current folder and prints its digests", async () => {
    const { home, dir, out } = await setup();
    const r = await cli(["pack", dir], { home, cwd: out });
    expect(r.code).toBe(0);
    const file = path.join(out, "demo-notes-1.2.3.tgz");
    const bytes = await fs.readFile(file);
    const digest = computeIntegrity(bytes);
    expect(r.stdout).toContain(`file       ${file}`);
    expect(r.stdout).toContain(`size       ${digest.size} bytes`);
    expect(r.stdout).toContain(`integrity  ${digest.integrity}`);
    expect(r.stdout).toContain(`sha256     ${digest.sha256}`);
    expect([...(await readTarball(bytes)).keys()].sort()).toEqual(Object.keys(VALID_CONNECTOR).sort());
  });

  it("--json prints the document; -o names the file; packing twice gives identical bytes", async () => {
    const { home, dir, out } = await setup();
    const a = await cli(["pack", dir, "-o", path.join(out, "a.tgz"), "--json"], { home });
    const b = await cli(["pack", dir, "--output", path.join(out, "b.tgz"), "--json"], { home });
    expect(a.code).toBe(0);
    const doc = JSON.parse(a.stdout);
    const bytes = await fs.readFile(path.join(out, "a.tgz"));
    expect(doc).toEqual({
      file: path.join(out, "a.tgz"),
      name: "demo-notes",
      version: "1.2.3",
      files: 4,
      ...computeIntegrity(bytes),
    });
    expect(bytes.equals(await fs.readFile(path.join(out, "b.tgz")))).toBe(true);
    expect(JSON.parse(b.stdout).integrity).toBe(doc.integrity);
  });

  it("-o <folder> puts the default name there; packing into the package folder itself stays stable", async () => {
    const { home, dir } = await setup();
    const first = await cli(["pack", dir, "-o", dir, "--json"], { home });
    const second = await cli(["pack", dir, "-o", dir, "--json"], { home });
    expect(JSON.parse(first.stdout).file).toBe(path.join(dir, "demo-notes-1.2.3.tgz"));
    expect(JSON.parse(second.stdout).integrity).toBe(JSON.parse(first.stdout).integrity);
    expect(second.stderr).toContain("skipped (never packed): demo-notes-1.2.3.tgz");
  });

  it("errors abort before anything is written (exit 1)", async () => {
    const { home, dir, out } = await setup({
      "mcp.json": '{ "mcpServers": { "x": { "command": "${NOPE}/bin" } } }',
    });
    const before = await listTree(home);
    const r = await cli(["pack", dir], { home, cwd: out });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not a valid connector package");
    expect(r.stderr).toContain("mcp.json");
    expect(await listTree(home)).toEqual(before);
    const json = JSON.parse((await cli(["pack", dir, "--json"], { home, cwd: out })).stdout);
    expect(json.error.code).toBe("pack.invalid");
    expect(json.error.problems.length).toBeGreaterThan(0);
    expect(await listTree(home)).toEqual(before);
  });

  it("warnings do not stop packing; they go to stderr", async () => {
    const manifest = { ...JSON.parse(VALID_CONNECTOR["plugin.json"]!), colour: "blue" };
    const { home, dir, out } = await setup({ "plugin.json": JSON.stringify(manifest) });
    const r = await cli(["pack", dir, "--json"], { home, cwd: out });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("warning: ");
    expect(r.stderr).toContain("/colour");
    expect(JSON.parse(r.stdout).file).toBe(path.join(out, "demo-notes-1.2.3.tgz"));
  });

  it("a missing folder or output folder is a clear error and writes nothing", async () => {
    const { home, dir } = await setup();
    const before = await listTree(home);
    const missing = await cli(["pack", path.join(home, "nope")], { home });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no folder at");
    const badOut = await cli(["pack", dir, "-o", path.join(home, "no/such/dir/x.tgz")], { home });
    expect(badOut.code).toBe(1);
    expect(badOut.stderr).toContain("does not exist");
    expect(await listTree(home)).toEqual(before);
  });

  it("usage mistakes exit 2; --help lists what is left out", async () => {
    const home = await tempDir();
    expect((await cli(["pack"], { home })).code).toBe(2);
    expect((await cli(["pack", "a", "-o"], { home })).code).toBe(2);
    const help = await cli(["pack", "--help"], { home });
    expect(help.code).toBe(0);
    for (const word of [".git/", "node_modules/", ".env", "*.tgz", "deterministic"])
      expect(help.stdout).toContain(word);
  });

  it("the built binary packs identical bytes to the in-process command", async () => {
    const { home, dir, out } = await setup();
    const spawned = await spawnCli(["pack", dir, "-o", path.join(out, "spawned.tgz"), "--json"], { home });
    expect(spawned.code).toBe(0);
    const local = await cli(["pack", dir, "-o", path.join(out, "local.tgz"), "--json"], { home });
    expect(JSON.parse(spawned.stdout).sha256).toBe(JSON.parse(local.stdout).sha256);
  });
});
