import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, spawnCli } from "../helpers/cli.js";
import { VALID_CONNECTOR, writeConnector } from "../helpers/connector-folder.js";
import { tempDir } from "../helpers/tmp.js";

async function connector(
  overrides: Record<string, string | undefined> = {},
): Promise<{ home: string; dir: string }> {
  const home = await tempDir();
  const dir = await writeConnector(path.join(home, "demo"), { ...VALID_CONNECTOR, ...overrides });
  return { home, dir };
}

const withUnknownKey = JSON.stringify({ ...JSON.parse(VALID_CONNECTOR["plugin.json"]!), colour: "blue" });

describe("connectory validate", () => {
  it("exits 0 on a valid folder and says so", async () => {
    const { home, dir } = await connector();
    const r = await cli(["validate", dir], { home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("✓ demo-notes@1.2.3 is valid (0 errors, 0 warnings)");
  });

  it("--json prints { ok, problems, package }", async () => {
    const { home, dir } = await connector();
    const r = await cli(["validate", dir, "--json"], { home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true,
      problems: [],
      package: { name: "demo-notes", version: "1.2.3" },
    });
  });

  it("takes a path relative to the current folder", async () => {
    const { home } = await connector();
    expect((await cli(["validate", "demo"], { home, cwd: home })).code).toBe(0);
  });

  it("exits 1 and lists every error with code, file and path, grouped, with a summary", async () => {
    const manifest = { ...JSON.parse(VALID_CONNECTOR["plugin.json"]!), name: "Bad Name", version: "1.0" };
    const { home, dir } = await connector({ "plugin.json": JSON.stringify(manifest) });
    const r = await cli(["validate", dir], { home });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Errors:\n/);
    expect(r.stdout).toContain("plugin.json /name");
    expect(r.stdout).toContain("plugin.json /version");
    expect(r.stdout).toMatch(/\n✗ (the package|Bad Name@1\.0) is not valid: 2 errors, 0 warnings\n$/);
    const json = JSON.parse((await cli(["validate", dir, "--json"], { home })).stdout);
    expect(json.ok).toBe(false);
    expect(json.problems.map((p: { file: string; path: string }) => `${p.file} ${p.path}`).sort()).toEqual([
      "plugin.json /name",
      "plugin.json /version",
    ]);
    for (const p of json.problems)
      expect(Object.keys(p).sort()).toEqual(["code", "file", "message", "path", "severity"]);
  });

  it("a warning passes, but fails under --strict", async () => {
    const { home, dir } = await connector({ "plugin.json": withUnknownKey });
    const loose = await cli(["validate", dir, "--json"], { home });
    expect(loose.code).toBe(0);
    const problems = JSON.parse(loose.stdout).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: "warning", file: "plugin.json", path: "/colour" });
    const strict = await cli(["validate", dir, "--strict"], { home });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("Warnings (--strict):");
    expect(strict.stdout).toContain("is not valid: 0 errors, 1 warning");
  });

  it("missing plugin.json is reported as a problem (exit 1)", async () => {
    const { home, dir } = await connector({ "plugin.json": undefined });
    const r = await cli(["validate", dir, "--json"], { home });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, package: null });
    expect(JSON.parse(r.stdout).problems.some((p: { file: string }) => p.file === "plugin.json")).toBe(true);
  });

  it.runIf(process.platform !== "win32")(
    "a symlink in the folder is a problem of the package, not a crash",
    async () => {
      const { home, dir } = await connector();
      await fs.symlink("/etc/passwd", path.join(dir, "passwd"));
      const r = await cli(["validate", dir, "--json"], { home });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems).toContainEqual(
        expect.objectContaining({ code: "package.symlink", file: "passwd" }),
      );
    },
  );

  it("a missing folder is a clear error (exit 1), also as JSON", async () => {
    const home = await tempDir();
    const r = await cli(["validate", path.join(home, "nope")], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no folder at");
    const json = await cli(["validate", path.join(home, "nope"), "--json"], { home });
    expect(JSON.parse(json.stdout).error.code).toBe("package.dir.missing");
  });

  it("usage mistakes exit 2", async () => {
    const home = await tempDir();
    expect((await cli(["validate"], { home })).code).toBe(2);
    expect((await cli(["validate", "a", "b"], { home })).code).toBe(2);
    expect((await cli(["validate", "a", "--strictly"], { home })).code).toBe(2);
  });

  it("--help explains the verb", async () => {
    const r = await cli(["validate", "--help"], { home: await tempDir() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: connectory validate <dir> [--strict] [--json]");
    expect(r.stdout).toContain("--strict");
  });

  it("the built binary exits 0 / 1 with the same output", async () => {
    const { home, dir } = await connector();
    const ok = await spawnCli(["validate", dir, "--json"], { home });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).ok).toBe(true);
    await fs.writeFile(path.join(dir, "mcp.json"), "{ not json");
    expect((await spawnCli(["validate", dir], { home })).code).toBe(1);
  });
});
