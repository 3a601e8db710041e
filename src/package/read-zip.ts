import zlib from "node:zlib";
import { ConnectoryError } from "../core/errors.js";
import type { PackageContents } from "./contents.js";
import { checkRelativePath } from "./entry-rules.js";

// An MCP Bundle (.mcpb, a zip) read into memory as package contents, refusing what could escape or blow
// up: absolute or `..` paths and the other package path rules, links, encrypted or unknown compression,
// more than MAX_ENTRIES entries or MAX_UNPACKED bytes, and data whose size or CRC differs from its header.

export const MAX_ENTRIES = 20_000;
export const MAX_UNPACKED = 512 * 1024 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

function bad(message: string): ConnectoryError {
  return new ConnectoryError("install.bundle.invalid", `the MCP Bundle is not a usable zip: ${message}`, {
    hint: "ask its publisher to rebuild it with `mcpb pack`",
  });
}

/** The files of a zip, by path, with their execute bits; throws install.bundle.invalid. */
export function readZip(bytes: Uint8Array): PackageContents {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw bad("no end of central directory (not a zip, or truncated)");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count > MAX_ENTRIES) throw bad(`${count} entries, over the ${MAX_ENTRIES} allowed`);
  const files = new Map<string, Uint8Array>();
  const executables = new Set<string>();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL)
      throw bad("a central directory entry is corrupt");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const local = view.getUint32(at + 42, true);
    let name: string;
    try {
      name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw bad("an entry name is not UTF-8");
    }
    at += 46 + nameLength + extra + comment;
    if ((mode & S_IFMT) === S_IFLNK) throw bad(`"${name}" is a symbolic link`);
    if (name.endsWith("/") || (mode & S_IFMT) === S_IFDIR) continue;
    const problem = checkRelativePath(name);
    if (problem) throw bad(problem.message);
    if (files.has(name)) throw bad(`"${name}" appears twice`);
    if ((flags & 1) !== 0) throw bad(`"${name}" is encrypted`);
    if (method !== 0 && method !== 8) throw bad(`"${name}" uses compression method ${method}`);
    total += size;
    if (total > MAX_UNPACKED) throw bad(`it unpacks to more than ${MAX_UNPACKED / 1024 / 1024} MiB`);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL)
      throw bad(`"${name}" has no local header`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + packed);
    if (raw.length !== packed) throw bad(`"${name}" is truncated`);
    let data: Uint8Array;
    try {
      data = method === 0 ? raw : zlib.inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
    } catch {
      throw bad(`"${name}" does not inflate to its ${size} bytes`);
    }
    if (data.length !== size || zlib.crc32(data) >>> 0 !== crc)
      throw bad(`"${name}" does not match its size or CRC`);
    files.set(name, new Uint8Array(data));
    if ((mode & 0o111) !== 0) executables.add(name);
  }
  return { files, executables };
}
