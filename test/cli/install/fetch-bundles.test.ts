import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fetchBundles } from "../../../cli/install/fetch-bundles.js";
import { bundleLaunch, machineServers } from "../../../cli/mcp/local-machine.js";
import { bundleDir } from "../../../cli/home/home.js";
import { zipBundles } from "../../../src/package/mcpb-bundle.js";
import { readZip } from "../../../src/package/read-zip.js";
import type { ServerSet } from "../../../src/core/types.js";
import { tempDir } from "../../helpers/tmp.js";

// An MCPB launch (mcp.json 2): the bundle is downloaded, checked against fileSha256, unpacked into
// plugins/bundles/<sha256>/, and its manifest's entry point becomes the launch. The zip is a real one,
// built by the registry's own bundle writer; `fetch` is the injected world (it serves those bytes).

const enc = new TextEncoder();
const manifest = {
  manifest_version: "0.2",
  name: "editor",
  version: "1.0.2",
  server: {
    type: "node",
    entry_point: "server/index.js",
    mcp_config: { command: "node", args: ["${__dirname}/server/index.js"], env: { MODE: "bundle" } },
  },
};
const zip = zipBundles(
  zlib,
  [["server/index.js", enc.encode("console.log('hi')\n"), 0o755]],
  [["editor", enc.encode(JSON.stringify(manifest))]],
  6,
)[0]!;
const sha = createHash("sha256").update(zip).digest("hex");
const URL_ = "https://github.com/acme/editor/releases/download/v1.0.2/editor.mcpb";
const serve = (bytes: Uint8Array) => (async () => new Response(bytes)) as unknown as typeof fetch;
const servers = (fileSha256: string, alternatives = false): ServerSet => ({
  editor: {
    command: "",
    args: ["--readonly"],
    package: { registryType: "mcpb", identifier: URL_, fileSha256 },
    ...(alternatives ? { alternatives: [{ command: "npx", args: ["-y", "editor@1.0.2"] }] } : {}),
  },
});

describe("MCPB launches", () => {
  it("are downloaded, verified, unpacked once, and run by their manifest's entry point", async () => {
    const home = await tempDir();
    expect(await fetchBundles(home, servers(sha), serve(zip))).toEqual([
      { server: "editor", url: URL_, sha256: sha, status: "unpacked" },
    ]);
    const dir = bundleDir(home, sha);
    expect(fs.readFileSync(path.join(dir, "server/index.js"), "utf8")).toContain("hi");
    expect(fs.statSync(path.join(dir, "server/index.js")).mode & 0o111).not.toBe(0);
    expect((await fetchBundles(home, servers(sha), serve(new Uint8Array())))[0]!.status).toBe("present");
    const launch = machineServers(home, servers(sha))["editor"];
    expect(launch).toEqual({
      command: "node",
      args: [path.join(dir, "server/index.js"), "--readonly"],
      env: { MODE: "bundle" },
    });
    expect(bundleLaunch(home, { command: "node" })).toBeUndefined();
  });

  it("refuses bytes whose sha256 differs, writing nothing; with another launch it is only reported", async () => {
    const home = await tempDir();
    const other = "0".repeat(64);
    await expect(fetchBundles(home, servers(other), serve(zip))).rejects.toMatchObject({
      code: "install.bundle.integrity",
    });
    expect(fs.existsSync(bundleDir(home, other))).toBe(false);
    const reported = await fetchBundles(home, servers(other, true), serve(zip));
    expect(reported[0]).toMatchObject({ status: "failed" });
    // The bundle is not there, so the machine runs the next launch.
    expect(
      machineServers(home, servers(other, true), undefined, {
        hasProgram: () => true,
        hasBundle: () => false,
      })["editor"],
    ).toMatchObject({ command: "npx" });
  });

  it("refuses hostile zips: a path out of the folder, a link, a bomb that lies about its size", () => {
    const evil = zipBundles(zlib, [["../evil.js", enc.encode("x"), 0o644]], [["e", enc.encode("{}")]], 6)[0]!;
    expect(() => readZip(evil)).toThrow(/"\.\."/);
    const link = zipBundles(
      zlib,
      [["l", enc.encode("/etc/passwd"), 0o120777]],
      [["e", enc.encode("{}")]],
      6,
    )[0]!;
    expect(() => readZip(link)).toThrow(/symbolic link/);
    const big = zipBundles(zlib, [["big", new Uint8Array(1 << 20), 0o644]], [["e", enc.encode("{}")]], 6)[0]!;
    // Shrink the declared size of "big" in its central directory entry: inflating must stop there.
    const view = new DataView(big.buffer, big.byteOffset, big.byteLength);
    for (let i = 0; i < big.length - 4; i++)
      if (
        view.getUint32(i, true) === 0x02014b50 &&
        new TextDecoder().decode(big.subarray(i + 46, i + 49)) === "big"
      ) {
        view.setUint32(i + 24, 10, true);
        break;
      }
    expect(() => readZip(big)).toThrow(/does not inflate|size or CRC/);
    expect(() => readZip(enc.encode("not a zip"))).toThrow(/not a zip/);
  });
});
