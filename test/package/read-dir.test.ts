import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { readPackageContents, readPackageDir } from "../../src/package/read-dir.js";
import { SAMPLE_TREE, writeTree } from "../helpers/package-folder.js";
import { tempDir } from "../helpers/tmp.js";

const posix = process.platform !== "win32";

async function failure(
  dir: string,
): Promise<{ code: string; problems: Array<{ code: string; file: string }> }> {
  try {
    await readPackageDir(dir);
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    return {
      code: error.code,
      problems: (error.problems ?? []).map((p) => ({ code: p.code, file: p.file })),
    };
  }
  throw new Error("expected readPackageDir to fail");
}

async function caseSensitive(dir: string): Promise<boolean> {
  await fs.writeFile(path.join(dir, "probe"), "");
  const sensitive = await fs.access(path.join(dir, "PROBE")).then(
    () => false,
    () => true,
  );
  await fs.rm(path.join(dir, "probe"));
  return sensitive;
}

describe("readPackageDir", () => {
  it("reads every file under POSIX relative paths, with the execute bit", async () => {
    const dir = await tempDir();
    await writeTree(dir, SAMPLE_TREE);
    const { files, executables, skipped } = await readPackageContents(dir);
    expect([...files.keys()].sort()).toEqual(
      Object.keys(SAMPLE_TREE)
        .map((k) => k.replace(/\*$/, ""))
        .sort(),
    );
    expect(Buffer.from(files.get("server/lib/util.js")!).toString()).toBe("export const x = 1;\n");
    if (posix) expect([...executables]).toEqual(["server/index.js"]);
    expect(skipped).toEqual([]);
  });

  it("skips VCS folders, node_modules, OS litter, secret dotfiles and earlier packs, and says so", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "plugin.json": "{}",
      ".git/config": "x",
      "node_modules/dep/index.js": "x",
      "server/node_modules/dep/index.js": "x",
      ".DS_Store": "x",
      ".env": "TOKEN=secret",
      "server/.env": "TOKEN=secret",
      "demo-1.0.0.tgz": "x",
      "server/fixture.tgz": "kept: only top-level tarballs are earlier packs",
    });
    const { files, skipped } = await readPackageContents(dir);
    expect([...files.keys()].sort()).toEqual(["plugin.json", "server/fixture.tgz"]);
    expect(skipped.sort()).toEqual(
      [
        ".DS_Store",
        ".env",
        ".git/",
        "demo-1.0.0.tgz",
        "node_modules/",
        "server/.env",
        "server/node_modules/",
      ].sort(),
    );
  });

  it.runIf(posix)("refuses symbolic links (to files, folders, or nowhere), reporting each", async () => {
    const dir = await tempDir();
    await writeTree(dir, { "plugin.json": "{}", "real/a.txt": "a" });
    await fs.symlink("plugin.json", path.join(dir, "link.json"));
    await fs.symlink("real", path.join(dir, "linkdir"));
    await fs.symlink("/nonexistent", path.join(dir, "dangling"));
    const error = await failure(dir);
    expect(error.code).toBe("package.symlink");
    expect(error.problems.map((p) => p.file).sort()).toEqual(["dangling", "link.json", "linkdir"]);
  });

  it.runIf(posix)("refuses special files (a socket) without opening them", async () => {
    const dir = await tempDir();
    await writeTree(dir, { "plugin.json": "{}" });
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, "sock"), resolve));
    try {
      expect(await failure(dir)).toEqual({
        code: "package.special-file",
        problems: [{ code: "package.special-file", file: "sock" }],
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a file too big for the package without reading it (2 GiB sparse file)", async () => {
    const dir = await tempDir();
    await writeTree(dir, { "plugin.json": "{}" });
    const handle = await fs.open(path.join(dir, "huge.bin"), "w");
    await handle.truncate(2 * 1024 * 1024 * 1024);
    await handle.close();
    expect((await failure(dir)).code).toBe("tar.size.unpacked");
  });

  it("refuses more than 1000 files", async () => {
    const dir = await tempDir();
    await fs.mkdir(path.join(dir, "many"));
    await Promise.all(
      Array.from({ length: 1001 }, (_, i) => fs.writeFile(path.join(dir, "many", `${i}.txt`), "")),
    );
    expect((await failure(dir)).code).toBe("tar.entries.too-many");
  });

  it("refuses a path deeper than 16 folders", async () => {
    const dir = await tempDir();
    await writeTree(dir, { [Array.from({ length: 17 }, () => "d").join("/")]: "x" });
    expect((await failure(dir)).code).toBe("tar.path.depth");
  });

  it.runIf(posix)("refuses names another OS could not hold (backslash, colon)", async () => {
    const dir = await tempDir();
    await writeTree(dir, { "a\\b.txt": "x", "note:1.txt": "x" });
    const error = await failure(dir);
    expect(error.problems.map((p) => [p.code, p.file])).toEqual([
      ["tar.path.invalid", "a\\b.txt"],
      ["tar.path.invalid", "note:1.txt"],
    ]);
  });

  it("refuses names equal after NFC + case-fold (on a case-sensitive file system)", async (ctx) => {
    const dir = await tempDir();
    if (!(await caseSensitive(dir))) ctx.skip();
    await writeTree(dir, { "README.md": "a", "readme.md": "b" });
    expect(await failure(dir)).toEqual({
      code: "tar.path.duplicate",
      problems: [{ code: "tar.path.duplicate", file: "readme.md" }],
    });
  });

  it("says clearly when the folder is missing or is a file", async () => {
    const dir = await tempDir();
    expect((await failure(path.join(dir, "nope"))).code).toBe("package.dir.missing");
    await fs.writeFile(path.join(dir, "file"), "");
    expect((await failure(path.join(dir, "file"))).code).toBe("package.dir.not-folder");
  });
});
