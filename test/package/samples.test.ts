import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPackageDir } from "../../src/package/read-dir.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { cli, ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

const SAMPLES = path.join(ROOT, "plugins-sample");
const names = (await fs.readdir(SAMPLES, { withFileTypes: true }))
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("the samples in plugins-sample/", () => {
  it("are at least the six samples of the original brief", () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  it.each(names)("%s passes validate --strict", async (name) => {
    const r = await cli(["validate", path.join(SAMPLES, name), "--strict", "--json"], {
      home: await tempDir(),
    });
    const report = JSON.parse(r.stdout);
    expect(report.problems.filter((p: { code: string }) => p.code !== "template.secret-in-url")).toEqual([]);
    expect(report.ok).toBe(true);
    expect(r.code).toBe(0);
  });

  it.each(names)("%s packs to identical bytes twice, and the tarball reads back", async (name) => {
    const home = await tempDir();
    const pack = async (file: string) =>
      JSON.parse(
        (await cli(["pack", path.join(SAMPLES, name), "-o", path.join(home, file), "--json"], { home }))
          .stdout,
      );
    const a = await pack("a.tgz");
    const b = await pack("b.tgz");
    expect(a.integrity).toMatch(/^sha512-/);
    expect(b.integrity).toBe(a.integrity);
    const bytes = await fs.readFile(path.join(home, "a.tgz"));
    expect(bytes.equals(await fs.readFile(path.join(home, "b.tgz")))).toBe(true);
    const text = (files: Map<string, Uint8Array>) =>
      [...files].map(([k, v]) => [k, Buffer.from(v).toString("base64")]).sort();
    expect(text(await readTarball(bytes))).toEqual(text(await readPackageDir(path.join(SAMPLES, name))));
  });
});
