import { gzipSync } from "fflate";
import type { PackageFiles, Problem } from "../core/types.js";
import { checkRelativePath, collisionProblems, TOP, tarProblem } from "./entry-rules.js";
import { mib, packageError } from "./tar-error.js";
import { BLOCK, encodeHeader, paxRecord, splitUstarPath, TYPE } from "./tar-header.js";
import { MAX_COMPRESSED_BYTES, MAX_UNPACKED_BYTES, MAX_ENTRIES } from "../core/package/limits.js";

/** The mtime of every entry: 1985-10-26T08:15:00Z, as npm uses (fixed, and after 1980 so zip tools cope). */
export const PACK_MTIME = 499_162_500;

const PACK_HINT = "Fix the folder (see the problems above) and pack again.";

/**
 * Packs files into a deterministic gzip tarball under `package/`: entries sorted, fixed mtime, uid/gid 0,
 * no user names, modes 0644 (0755 for `executables`), gzip header without name or time. The deflate
 * stream is fflate's, pure JavaScript: node:zlib's output varies with the zlib build (Node version,
 * platform), so the same folder would not give the same bytes on every machine.
 */
export async function packFiles(
  files: PackageFiles,
  options: { executables?: Iterable<string> } = {},
): Promise<Uint8Array> {
  const paths = [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  checkPackable(files, paths);
  const executables = new Set(options.executables ?? []);
  const chunks: Uint8Array[] = [];
  for (const path of paths) {
    const data = files.get(path)!;
    const mode = executables.has(path) ? 0o755 : 0o644;
    const name = TOP + path;
    let split = splitUstarPath(name);
    if (split === undefined) {
      // The pax `path` record carries the real name; the ustar fields get an ASCII stand-in.
      const record = paxRecord("path", name);
      chunks.push(header("package/PaxHeader", TYPE.paxNext, 0o644, record.length), ...padded(record));
      split = { prefix: "", name: name.replace(/[^\x20-\x7e]/g, "_").slice(0, 100) };
    }
    chunks.push(
      encodeHeader({ ...split, mode, size: data.length, mtime: PACK_MTIME, type: TYPE.file, linkname: "" }),
      ...padded(data),
    );
  }
  chunks.push(new Uint8Array(2 * BLOCK)); // end-of-archive marker
  const tar = concat(chunks);
  // fflate writes a fixed header: no file name, mtime 0, OS byte 3; the level is pinned too.
  const gz = gzipSync(tar, { level: 9, mtime: 0 });
  if (gz.length > MAX_COMPRESSED_BYTES)
    throw packageError(
      [
        tarProblem(
          "tar.size.compressed",
          "",
          `the tarball would be ${mib(gz.length)}; the limit is ${mib(MAX_COMPRESSED_BYTES)}`,
        ),
      ],
      "cannot pack",
      "Remove large files (data, builds, media) from the folder, or fetch them at run time.",
    );
  return gz;
}

/** What packing needs before it starts: the tarball rules that the file list alone decides. */
function checkPackable(files: PackageFiles, paths: string[]): void {
  const problems: Problem[] = [];
  if (paths.length > MAX_ENTRIES)
    problems.push(
      tarProblem("tar.entries.too-many", "", `${paths.length} files; the limit is ${MAX_ENTRIES}`),
    );
  let total = 0;
  for (const path of paths) {
    const problem = checkRelativePath(path);
    if (problem) problems.push(problem);
    total += files.get(path)!.length;
  }
  if (total > MAX_UNPACKED_BYTES)
    problems.push(
      tarProblem(
        "tar.size.unpacked",
        "",
        `the files add up to ${mib(total)}; the limit is ${mib(MAX_UNPACKED_BYTES)}`,
      ),
    );
  problems.push(...collisionProblems(paths));
  if (problems.length > 0) throw packageError(problems, "cannot pack", PACK_HINT);
}

function header(name: string, type: string, mode: number, size: number): Uint8Array {
  return encodeHeader({ name, mode, size, mtime: PACK_MTIME, type, linkname: "" });
}

function padded(data: Uint8Array): Uint8Array[] {
  const rest = data.length % BLOCK;
  return rest === 0 ? [data] : [data, new Uint8Array(BLOCK - rest)];
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
