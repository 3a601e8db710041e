import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PackageFiles, Problem } from "../core/types.js";
import type { PackageContents } from "./contents.js";
import { checkEntryName, collisionProblems, tarProblem, TOP } from "./entry-rules.js";
import { mib, packageError, TARBALL_HINT } from "./tar-error.js";
import { BLOCK, decodeHeader, parsePax, readString, TYPE } from "./tar-header.js";
import { MAX_COMPRESSED_BYTES, MAX_UNPACKED_BYTES, MAX_ENTRIES } from "../core/package/limits.js";

const gunzip = promisify(zlib.gunzip);

// Headers, pax records and padding ride on top of the file bytes: at most ~3 blocks per entry.
const HEADER_SLACK = MAX_ENTRIES * 3 * BLOCK + 2 * BLOCK;

/** A tarball's files in memory, after every docs/package-format.md rule; throws ConnectoryError (with problems). */
export async function readTarball(bytes: Uint8Array): Promise<PackageFiles> {
  return (await readTarballContents(bytes)).files;
}

/** readTarball, keeping which files were executable (for unpacking with the right modes). */
export async function readTarballContents(bytes: Uint8Array): Promise<PackageContents> {
  return parseTar(await inflate(bytes));
}

/** Gunzips with a hard output cap: a gzip bomb stops at the cap instead of inflating to the end. */
async function inflate(bytes: Uint8Array): Promise<Buffer> {
  const fail = (code: string, message: string) =>
    packageError([tarProblem(code, "", message)], "tarball rejected", TARBALL_HINT);
  if (bytes.byteLength > MAX_COMPRESSED_BYTES)
    throw fail(
      "tar.size.compressed",
      `the tarball is ${mib(bytes.byteLength)}; the limit is ${mib(MAX_COMPRESSED_BYTES)}`,
    );
  if (bytes.byteLength < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw fail("tar.gzip.invalid", "the body is not gzip data (a connector tarball is a .tgz)");
  try {
    return await gunzip(bytes, { maxOutputLength: MAX_UNPACKED_BYTES + HEADER_SLACK });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE")
      throw fail("tar.size.unpacked", `the tarball unpacks to more than ${mib(MAX_UNPACKED_BYTES)}`);
    if (code === "Z_BUF_ERROR")
      throw fail("tar.gzip.truncated", "the gzip data ends early: the tarball is truncated");
    throw fail("tar.gzip.corrupt", `the gzip data is corrupt (${(error as Error).message})`);
  }
}

/** Walks the tar blocks, rejecting (never skipping) every entry that breaks a rule. */
function parseTar(tar: Buffer): PackageContents {
  const files: PackageFiles = new Map();
  const executables = new Set<string>();
  const filePaths: string[] = [];
  const dirPaths: string[] = [];
  const problems: Problem[] = [];
  const fatal = (code: string, file: string, message: string): never => {
    throw packageError([...problems, tarProblem(code, file, message)], "tarball rejected", TARBALL_HINT);
  };
  let pax: Map<string, string> | undefined;
  let longName: string | undefined;
  let entries = 0;
  let unpacked = 0;
  for (let offset = 0; ;) {
    if (offset + BLOCK > tar.length)
      fatal(
        "tar.truncated",
        "",
        "the tar data ends without its end-of-archive marker: the tarball is truncated",
      );
    const header = decodeHeader(tar.subarray(offset, offset + BLOCK));
    if (header.kind === "end") break;
    if (header.kind === "corrupt")
      return fatal("tar.header.corrupt", "", `corrupt tar header after ${entries} entries: ${header.reason}`);
    const fields = header.fields;
    const paxSize = pax?.get("size");
    const size = paxSize !== undefined && /^\d+$/.test(paxSize) ? Number(paxSize) : fields.size;
    const start = offset + BLOCK;
    if (start + size > tar.length)
      fatal("tar.truncated", fields.name, `"${fields.name}" is cut short: the tarball is truncated`);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    const data = tar.subarray(start, start + size);

    // Meta entries describe the next entry (or the archive); they name no file of their own.
    if (fields.type === TYPE.paxNext) {
      pax = parsePax(data) ?? fatal("tar.header.corrupt", fields.name, "malformed pax extended header");
      continue;
    }
    if (fields.type === TYPE.paxGlobal || fields.type === TYPE.gnuLongLink) continue;
    if (fields.type === TYPE.gnuLongName) {
      longName = readString(data, 0, data.length);
      continue;
    }

    const name = pax?.get("path") ?? longName ?? fields.name;
    const linkTarget = pax?.get("linkpath") ?? fields.linkname;
    pax = undefined;
    longName = undefined;
    if (++entries > MAX_ENTRIES)
      fatal("tar.entries.too-many", "", `the tarball has more than ${MAX_ENTRIES} entries`);

    const kind = entryKind(fields.type);
    if (kind !== "file" && kind !== "directory") {
      problems.push(tarProblem(kind.code, name, kind.message(name, linkTarget)));
      continue;
    }
    const checked = checkEntryName(name, kind === "directory");
    if ("problem" in checked) {
      problems.push(checked.problem);
      continue;
    }
    if (kind === "directory") {
      dirPaths.push(checked.path);
      continue;
    }
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES)
      fatal("tar.size.unpacked", name, `the files unpack to more than ${mib(MAX_UNPACKED_BYTES)}`);
    filePaths.push(checked.path);
    if (!files.has(checked.path)) files.set(checked.path, new Uint8Array(data));
    if (fields.mode & 0o111) executables.add(checked.path);
  }
  problems.push(...collisionProblems(filePaths, dirPaths, TOP));
  if (problems.length > 0) throw packageError(problems, "tarball rejected", TARBALL_HINT);
  return { files, executables };
}

type Rejected = { code: string; message: (name: string, target: string) => string };

function entryKind(type: string): "file" | "directory" | Rejected {
  switch (type) {
    case TYPE.file:
    case TYPE.oldFile:
      return "file";
    case TYPE.directory:
      return "directory";
    case TYPE.symlink:
      return {
        code: "tar.entry.link",
        message: (n, t) =>
          `"${n}" is a symbolic link (to "${t}"); only regular files and folders are allowed`,
      };
    case TYPE.hardLink:
      return {
        code: "tar.entry.link",
        message: (n, t) => `"${n}" is a hard link (to "${t}"); only regular files and folders are allowed`,
      };
    case TYPE.charDevice:
    case TYPE.blockDevice:
      return {
        code: "tar.entry.device",
        message: (n) => `"${n}" is a device node; only regular files and folders are allowed`,
      };
    case TYPE.fifo:
      return {
        code: "tar.entry.fifo",
        message: (n) => `"${n}" is a FIFO (named pipe); only regular files and folders are allowed`,
      };
    default:
      return {
        code: "tar.entry.type",
        message: (n) =>
          `"${n}" has tar entry type ${JSON.stringify(type)}; only regular files and folders are allowed`,
      };
  }
}
