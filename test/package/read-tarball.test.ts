import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { unpackTarball, writePackageTree } from "../../src/package/unpack.js";
import { hostileTarballs, tgz, type HostileCase } from "../helpers/hostile-tar.js";
import { tempDir } from "../helpers/tmp.js";
import { exists, listTree } from "../helpers/tree.js";

// Where an absolute-path entry would land if it escaped: unique, so its absence proves something.
const ESCAPE = path.join(os.tmpdir(), `connectory-escape-${randomBytes(6).toString("hex")}.txt`);
const cases: Record<string, HostileCase> = hostileTarballs(ESCAPE);
const names = Object.keys(cases);

async function statOf(file: string): Promise<{ ino: number; size: number; mtimeMs: number } | null> {
  const stat = await fs.stat(file).catch(() => null);
  return stat && { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs };
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; problems: unknown[]; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    return { code: error.code, problems: error.problems ?? [], message: error.message };
  }
  throw new Error("expected a rejection");
}

describe("readTarball rejects every hostile tarball with its code", () => {
  it.each(names)("%s", async (name) => {
    const { code, bytes } = cases[name]!;
    const error = await rejection(readTarball(bytes));
    expect(error.code).toBe(code);
    expect(error.problems.length).toBeGreaterThan(0);
    expect(error.message).toMatch(/^tarball rejected: /);
  });
});

describe("unpackTarball writes nothing anywhere for a hostile tarball", () => {
  it.each(names)("%s", async (name) => {
    const { code, bytes } = cases[name]!;
    // Nested, so that an entry escaping one or two levels up would still land inside `root`.
    const root = await tempDir();
    const sandbox = path.join(root, "a", "b", "sandbox");
    await fs.mkdir(sandbox, { recursive: true });
    await fs.writeFile(path.join(sandbox, "sentinel.txt"), "keep");
    const before = await listTree(root);
    const dest = path.join(sandbox, "pkg");
    // /tmp/x is shared with every other process here: what counts is that this unpack left it as it was.
    const sharedX = path.join(os.tmpdir(), "x");
    const sharedXBefore = await statOf(sharedX);

    expect((await rejection(unpackTarball(bytes, dest))).code).toBe(code);

    expect(await exists(dest)).toBe(false);
    expect(await listTree(root)).toEqual(before);
    expect(await exists(ESCAPE)).toBe(false);
    expect(await statOf(sharedX)).toEqual(sharedXBefore);
  });
});

describe("the problems a tarball breaks are all reported", () => {
  it("lists every bad entry, not only the first", async () => {
    const bytes = tgz([
      { name: "package/plugin.json", data: "{}" },
      { name: "../x", data: "x" },
      { name: "package/link", type: "2", linkname: "/etc" },
      { name: "package/fifo", type: "6" },
      { name: "package/A", data: "1" },
      { name: "package/a", data: "2" },
    ]);
    const error = await rejection(readTarball(bytes));
    expect(error.code).toBe("tar.path.traversal");
    expect((error.problems as Array<{ code: string; file: string }>).map((p) => [p.code, p.file])).toEqual([
      ["tar.path.traversal", "../x"],
      ["tar.entry.link", "package/link"],
      ["tar.entry.fifo", "package/fifo"],
      ["tar.path.duplicate", "package/a"],
    ]);
    expect(error.message).toContain("and 3 more problems");
  });
});

describe("well-formed tarballs from other tools", () => {
  it("reads directory entries, pax paths, GNU long names and a ustar prefix", async () => {
    const long = "package/" + "n".repeat(120) + ".txt";
    const files = await readTarball(
      tgz([
        { name: "package/", type: "5", mode: 0o755 },
        { name: "package/server/", type: "5", mode: 0o755 },
        { name: "package/server/index.js", data: "run()", mode: 0o755 },
        { name: "package/x", data: "é", pax: { path: "package/skills/café/SKILL.md", mtime: "1.5" } },
        { name: "package/y", data: "long", gnuLongName: long },
        { name: "package/g", type: "g", data: "" },
      ]),
    );
    expect([...files.keys()]).toEqual(["server/index.js", "skills/café/SKILL.md", long.slice(8)]);
    expect(new TextDecoder().decode(files.get("skills/café/SKILL.md"))).toBe("é");
  });

  it("unpacks into a fresh folder with 0644/0755 modes, via a temp folder that does not remain", async () => {
    const root = await tempDir();
    const dest = path.join(root, "cache", "m", "weather", "1.0.0");
    await unpackTarball(
      tgz([
        { name: "package/plugin.json", data: "{}", mode: 0o600 },
        { name: "package/server/index.js", data: "run()", mode: 0o700 },
      ]),
      dest,
    );
    expect(await listTree(root)).toEqual([
      "cache/",
      "cache/m/",
      "cache/m/weather/",
      "cache/m/weather/1.0.0/",
      "cache/m/weather/1.0.0/plugin.json",
      "cache/m/weather/1.0.0/server/",
      "cache/m/weather/1.0.0/server/index.js",
    ]);
    if (process.platform !== "win32") {
      expect((await fs.stat(path.join(dest, "plugin.json"))).mode & 0o777).toBe(0o644);
      expect((await fs.stat(path.join(dest, "server/index.js"))).mode & 0o777).toBe(0o755);
      expect((await fs.stat(dest)).mode & 0o777).toBe(0o755);
    }
  });

  it("refuses a destination that exists, and leaves it as it was", async () => {
    const root = await tempDir();
    const dest = path.join(root, "pkg");
    await fs.mkdir(dest);
    await fs.writeFile(path.join(dest, "old.txt"), "old");
    const before = await listTree(root);
    const error = await rejection(unpackTarball(tgz([{ name: "package/plugin.json", data: "{}" }]), dest));
    expect(error.code).toBe("unpack.dest.exists");
    expect(await listTree(root)).toEqual(before);
  });
});

describe("a failure while writing", () => {
  it("removes the temp folder and leaves no destination", async () => {
    const root = await tempDir();
    const dest = path.join(root, "pkg");
    // "a" as a file and as a folder: the second write fails midway (readTarball would never pass this).
    const files = new Map([
      ["a", new Uint8Array([1])],
      ["a/b", new Uint8Array([2])],
    ]);
    await expect(writePackageTree({ files, executables: new Set() }, dest)).rejects.toThrow();
    expect(await listTree(root)).toEqual([]);
  });
});
