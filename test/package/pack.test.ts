import { randomBytes } from "node:crypto";

import { gunzipSync } from "node:zlib";
import { Parser, type ReadEntry } from "tar";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { PACK_MTIME, packFiles } from "../../src/package/pack.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { readTarballContents } from "../../src/package/read-tarball.js";
import { SAMPLE_TREE, writeTree } from "../helpers/package-folder.js";
import { tempDir } from "../helpers/tmp.js";

const enc = new TextEncoder();

async function packDir(dir: string): Promise<Uint8Array> {
  const { files, executables } = await readPackageContents(dir);
  return packFiles(files, { executables });
}

/** Lists a tarball with node-tar, an independent reader, keeping every header field we pin. */
function listWithNodeTar(tgz: Uint8Array): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const out: Array<Record<string, unknown>> = [];
    const parser = new Parser({ strict: true });
    parser.on("entry", (e: ReadEntry) => {
      const h = e.header;
      out.push({
        path: e.path,
        type: e.type,
        mode: h.mode,
        uid: h.uid,
        gid: h.gid,
        uname: h.uname ?? "",
        gname: h.gname ?? "",
        mtime: h.mtime?.getTime(),
      });
      e.resume();
    });
    parser.on("end", () => resolve(out));
    parser.on("error", reject);
    parser.end(Buffer.from(tgz));
  });
}

describe("packFiles is deterministic", () => {
  it("gives the same bytes for the same folder, twice", async () => {
    const dir = await tempDir();
    await writeTree(dir, SAMPLE_TREE);
    const a = await packDir(dir);
    const b = await packDir(dir);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("ignores creation order, mtimes and permissions beyond the execute bit", async () => {
    const one = await tempDir();
    const two = await tempDir();
    await writeTree(one, SAMPLE_TREE, { mtime: new Date("2001-01-01") });
    await writeTree(two, SAMPLE_TREE, {
      reverse: true,
      plainMode: 0o600,
      execMode: 0o700,
      mtime: new Date("2024-06-30"),
    });
    expect(computeIntegrity(await packDir(two))).toEqual(computeIntegrity(await packDir(one)));
  });

  it("gives bytes that do not depend on this machine's zlib (golden digest)", async () => {
    const files = new Map(
      Object.entries({ "plugin.json": "{}\n", "a/b.txt": "hello\n".repeat(100) }).map(([k, v]) => [
        k,
        enc.encode(v),
      ]),
    );
    const bytes = await packFiles(files, { executables: ["a/b.txt"] });
    // A change here changes every published digest: only on purpose (new fflate, new format).
    expect(computeIntegrity(bytes).sha256).toBe(
      "91b78428e0a71363b9c8341f7d40fbe2b6240c478528d71bac3df3fd225b0b14",
    );
  });

  it("writes a fixed gzip header: no name, mtime 0, OS byte fixed", async () => {
    const bytes = await packFiles(new Map([["plugin.json", enc.encode("{}")]]));
    expect([...bytes.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]); // FLG 0: no name, no comment, no extra
    expect([...bytes.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
    expect(bytes[8]).toBe(2); // XFL: maximum compression
    expect(bytes[9]).toBe(3); // OS: Unix, whatever machine packed it
  });

  it("writes sorted entries under package/, uid/gid 0, no user names, fixed mtime, 0644/0755", async () => {
    const dir = await tempDir();
    await writeTree(dir, SAMPLE_TREE);
    const entries = await listWithNodeTar(await packDir(dir));
    const paths = entries.map((e) => e.path as string);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toContain("package/server/index.js");
    expect(paths).toContain("package/skills/café/SKILL.md");
    expect(paths).toContain(
      `package/docs/${"long-folder-name-".repeat(5)}/${"very-long-file-name-".repeat(4)}.md`,
    );
    for (const e of entries) {
      expect(e).toMatchObject({
        type: "File",
        uid: 0,
        gid: 0,
        uname: "",
        gname: "",
        mtime: PACK_MTIME * 1000,
      });
      expect(e.mode).toBe(e.path === "package/server/index.js" ? 0o755 : 0o644);
    }
    expect(entries).toHaveLength(Object.keys(SAMPLE_TREE).length);
  });
});

describe("round trip", () => {
  it("pack → readTarball gives the same files and executables", async () => {
    const dir = await tempDir();
    await writeTree(dir, SAMPLE_TREE);
    const read = await readPackageContents(dir);
    const back = await readTarballContents(await packFiles(read.files, { executables: read.executables }));
    expect(new Map([...back.files].map(([k, v]) => [k, Buffer.from(v).toString()]))).toEqual(
      new Map([...read.files].map(([k, v]) => [k, Buffer.from(v).toString()])),
    );
    expect([...back.executables]).toEqual(["server/index.js"]);
  });

  it("the tar inside is plain ustar a stock gunzip reads", async () => {
    const tar = gunzipSync(await packFiles(new Map([["plugin.json", enc.encode("{}")]])));
    expect(tar.subarray(257, 263).toString("latin1")).toBe("ustar\0");
    expect(tar.length % 512).toBe(0);
  });
});

describe("packFiles refuses what could not be unpacked", () => {
  async function code(files: Map<string, Uint8Array>): Promise<string> {
    try {
      await packFiles(files);
    } catch (error) {
      if (isConnectoryError(error)) return error.code;
      throw error;
    }
    return "packed";
  }
  const one = enc.encode("x");
  it.each([
    ["../escape", "tar.path.traversal"],
    ["/abs", "tar.path.absolute"],
    ["a//b", "tar.path.invalid"],
    ["a\\b", "tar.path.invalid"],
    [Array.from({ length: 17 }, () => "d").join("/"), "tar.path.depth"],
  ])("%s → %s", async (name, expected) => {
    expect(await code(new Map([[name, one]]))).toBe(expected);
  });

  it("names equal after NFC + case-fold", async () => {
    expect(
      await code(
        new Map([
          ["Café", one],
          ["cafe\u0301", one],
        ]),
      ),
    ).toBe("tar.path.duplicate");
  });

  it("more than 1000 files", async () => {
    expect(await code(new Map(Array.from({ length: 1001 }, (_, i) => [`f${i}`, one])))).toBe(
      "tar.entries.too-many",
    );
  });

  it("more than 20 MiB of files", async () => {
    expect(await code(new Map([["big", new Uint8Array(20 * 1024 * 1024 + 1)]]))).toBe("tar.size.unpacked");
  });

  it("a tarball over 5 MiB (incompressible data)", async () => {
    expect(await code(new Map([["noise.bin", randomBytes(6 * 1024 * 1024)]]))).toBe("tar.size.compressed");
  });
});

describe("computeIntegrity", () => {
  it("gives SRI sha512, hex sha256 and the size of the exact bytes", () => {
    expect(computeIntegrity(enc.encode("abc"))).toEqual({
      integrity:
        "sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw==",
      sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      size: 3,
    });
  });
});
