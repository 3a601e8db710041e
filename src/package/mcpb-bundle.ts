import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { ConnectoryError } from "../core/errors.js";
import type { McpbManifest } from "../core/official/mcpb-manifest.js";
import type { PackageContents } from "./contents.js";

/** The deflate level of bundles: most of level 9's size at a fraction of its time (issue 31 #6). */
export const BUNDLE_LEVEL = 6;
/** How long one version's bundles may take to build before the worker is stopped. */
export const BUNDLE_BUDGET_MS = 60_000;

/** One file of a bundle: its path, bytes and Unix mode. */
type Entry = [path: string, data: Uint8Array, mode: number];

/**
 * MCP Bundles (.mcpb) of several servers of one package: the package's files plus each server's
 * `manifest.json` at the root, zipped deterministically (entries sorted, fixed DOS times 1985-10-26 08:15,
 * Unix modes 0644/0755, raw deflate at BUNDLE_LEVEL). The package's files are compressed once and shared by
 * every server's zip. Self-contained (zlib is passed in): it also runs as a worker's code, whose source is
 * this function's text.
 */
export function zipBundles(
  z: {
    deflateRawSync(data: Uint8Array, options: { level: number }): Uint8Array;
    crc32(data: Uint8Array): number;
  },
  files: Entry[],
  manifests: Array<[server: string, manifest: Uint8Array]>,
  level: number,
): Uint8Array[] {
  const enc = new TextEncoder();
  const TIME = (8 << 11) | (15 << 5);
  const DATE = ((1985 - 1980) << 9) | (10 << 5) | 26;
  const compress = ([path, data, mode]: Entry) => {
    const packed = data.length === 0 ? data : z.deflateRawSync(data, { level });
    const stored = packed.length >= data.length;
    return {
      name: enc.encode(path),
      path,
      data: stored ? data : packed,
      method: stored ? 0 : 8,
      size: data.length,
      crc: z.crc32(data) >>> 0,
      mode,
    };
  };
  const shared = files.filter(([p]) => p !== "manifest.json").map(compress);
  return manifests.map(([, manifest]) => {
    const entries = [...shared, compress(["manifest.json", manifest, 0o644])].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
    );
    const parts: Uint8Array[] = [];
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const e of entries) {
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true);
      local.setUint16(4, 20, true);
      local.setUint16(8, e.method, true);
      local.setUint16(10, TIME, true);
      local.setUint16(12, DATE, true);
      local.setUint32(14, e.crc, true);
      local.setUint32(18, e.data.length, true);
      local.setUint32(22, e.size, true);
      local.setUint16(26, e.name.length, true);
      const cd = new DataView(new ArrayBuffer(46));
      cd.setUint32(0, 0x02014b50, true);
      cd.setUint16(4, (3 << 8) | 20, true);
      cd.setUint16(6, 20, true);
      cd.setUint16(10, e.method, true);
      cd.setUint16(12, TIME, true);
      cd.setUint16(14, DATE, true);
      cd.setUint32(16, e.crc, true);
      cd.setUint32(20, e.data.length, true);
      cd.setUint32(24, e.size, true);
      cd.setUint16(28, e.name.length, true);
      cd.setUint32(38, ((0o100000 | e.mode) << 16) >>> 0, true);
      cd.setUint32(42, offset, true);
      parts.push(new Uint8Array(local.buffer), e.name, e.data);
      central.push(new Uint8Array(cd.buffer), e.name);
      offset += 30 + e.name.length + e.data.length;
    }
    const cdSize = central.reduce((n, p) => n + p.length, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, entries.length, true);
    end.setUint16(10, entries.length, true);
    end.setUint32(12, cdSize, true);
    end.setUint32(16, offset, true);
    const all = [...parts, ...central, new Uint8Array(end.buffer)];
    const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of all) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  });
}

function entriesOf(contents: PackageContents): Entry[] {
  return [...contents.files].map(([p, data]) => [p, data, contents.executables.has(p) ? 0o755 : 0o644]);
}

const manifestBytes = (m: McpbManifest) => new TextEncoder().encode(`${JSON.stringify(m, null, 2)}\n`);

/** One server's bundle, built here (a small package, a test). A package's `manifest.json` is replaced. */
export function buildMcpbBundle(contents: PackageContents, manifest: McpbManifest): Uint8Array {
  return zipBundles(
    zlib,
    entriesOf(contents),
    [["", manifestBytes(manifest)]],
    BUNDLE_LEVEL,
  )[0] as Uint8Array;
}

// The worker's code: zipBundles' own text, run on the message it is sent (eval: no file to locate, the
// same in the TypeScript tests and the built registry).
const WORKER = `const zlib = require("node:zlib");
const { parentPort, workerData } = require("node:worker_threads");
const zipBundles = ${zipBundles.toString()};
const out = zipBundles(zlib, workerData.files, workerData.manifests, workerData.level);
parentPort.postMessage(out, out.map((b) => b.buffer));`;

/**
 * The bundles of several servers of one version, built off the event loop in a worker thread (the
 * registry keeps answering meanwhile), stopped after `budgetMs`: throws `bundle.build.timeout`.
 */
export function buildMcpbBundles(
  contents: PackageContents,
  manifests: Array<[server: string, manifest: McpbManifest]>,
  budgetMs = BUNDLE_BUDGET_MS,
): Promise<Uint8Array[]> {
  const workerData = {
    files: entriesOf(contents),
    manifests: manifests.map(([s, m]) => [s, manifestBytes(m)]),
    level: BUNDLE_LEVEL,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(
        new ConnectoryError(
          "bundle.build.timeout",
          `building the MCP Bundles took over ${budgetMs / 1000} s: stopped`,
          {
            status: 503,
            hint: "the package is too large to bundle in time: ask its publisher to make it smaller",
          },
        ),
      );
    }, budgetMs);
    worker.once("message", (out: Uint8Array[]) => {
      clearTimeout(timer);
      resolve(out.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`the bundle worker exited with code ${code}`));
    });
  });
}
