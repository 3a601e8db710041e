/**
 * The ustar header block (POSIX.1-1988) and pax extended records (POSIX.1-2001): the only tar
 * dialect Connectory writes, and the parts of it (plus GNU long names) that it reads.
 */

export const BLOCK = 512;

/** Type flags of the entries we meet; anything else is rejected by the reader. */
export const TYPE = {
  file: "0",
  oldFile: "\0",
  hardLink: "1",
  symlink: "2",
  charDevice: "3",
  blockDevice: "4",
  directory: "5",
  fifo: "6",
  contiguous: "7",
  paxNext: "x",
  paxGlobal: "g",
  gnuLongName: "L",
  gnuLongLink: "K",
} as const;

export interface HeaderFields {
  name: string;
  mode: number;
  size: number;
  mtime: number;
  type: string;
  linkname: string;
  /** ustar prefix, already joined into `name` by decodeHeader. */
  prefix?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** Encodes one 512-byte ustar header; uid/gid 0, empty uname/gname, as deterministic packing needs. */
export function encodeHeader(fields: HeaderFields): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, 100, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0); // uid
  writeOctal(block, 116, 8, 0); // gid
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, fields.mtime);
  block.fill(0x20, 148, 156); // checksum is computed with its own field as spaces
  writeString(block, 156, 1, fields.type);
  writeString(block, 157, 100, fields.linkname);
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  // uname (265) and gname (297) stay empty.
  writeOctal(block, 329, 8, 0); // devmajor
  writeOctal(block, 337, 8, 0); // devminor
  writeString(block, 345, 155, fields.prefix ?? "");
  const sum = block.reduce((a, b) => a + b, 0);
  writeString(block, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}

/** Splits a path into ustar prefix + name when it fits in plain ASCII; undefined when it needs pax. */
export function splitUstarPath(path: string): { prefix: string; name: string } | undefined {
  // Non-ASCII names go through pax, whose `path` is UTF-8 by definition: every reader agrees on it.
  if (!/^[\x20-\x7e]*$/.test(path)) return undefined;
  if (path.length <= 100) return { prefix: "", name: path };
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] !== "/") continue;
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (prefix.length <= 155 && name.length <= 100 && name.length > 0) return { prefix, name };
    if (prefix.length <= 155) break; // a shorter prefix only makes the name longer
  }
  return undefined;
}

/** One pax record `"<len> <key>=<value>\n"`, where len counts the whole record in bytes. */
export function paxRecord(key: string, value: string): Uint8Array {
  const body = encoder.encode(` ${key}=${value}\n`).length;
  let length = body + 1;
  while (String(length).length + body !== length) length = String(length).length + body;
  return encoder.encode(`${length} ${key}=${value}\n`);
}

export type DecodedHeader =
  { kind: "end" } | { kind: "corrupt"; reason: string } | { kind: "entry"; fields: HeaderFields };

/** Reads one header block: the end marker (all zeros), a corrupt block, or an entry. */
export function decodeHeader(block: Uint8Array): DecodedHeader {
  if (block.every((b) => b === 0)) return { kind: "end" };
  const stored = readOctal(block, 148, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  if (stored === undefined || (stored !== unsigned && stored !== signed))
    return { kind: "corrupt", reason: "header checksum does not match" };
  const magic = readString(block, 257, 6);
  if (magic !== "ustar" && magic !== "ustar ")
    return { kind: "corrupt", reason: "not a ustar header (bad magic)" };
  const mode = readOctal(block, 100, 8);
  const size = readOctal(block, 124, 12);
  const mtime = readOctal(block, 136, 12) ?? 0;
  if (mode === undefined || size === undefined)
    return { kind: "corrupt", reason: "header has an unreadable mode or size" };
  const name = readString(block, 0, 100);
  // GNU tar keeps atime/ctime where POSIX keeps the prefix: only POSIX headers have one.
  const prefix = magic === "ustar" ? readString(block, 345, 155) : "";
  return {
    kind: "entry",
    fields: {
      name: prefix ? `${prefix}/${name}` : name,
      mode,
      size,
      mtime,
      type: String.fromCharCode(block[156]!),
      linkname: readString(block, 157, 100),
    },
  };
}

/** Parses pax records; undefined when they are malformed. */
export function parsePax(data: Uint8Array): Map<string, string> | undefined {
  const records = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    if (data[at] === 0) break; // NUL padding after the last record
    let space = at;
    while (space < data.length && data[space] !== 0x20) space++;
    const length = Number(decoder.decode(data.subarray(at, space)));
    if (!Number.isInteger(length) || length <= 0 || at + length > data.length) return undefined;
    const record = decoder.decode(data.subarray(space + 1, at + length));
    const eq = record.indexOf("=");
    if (eq <= 0 || !record.endsWith("\n")) return undefined;
    records.set(record.slice(0, eq), record.slice(eq + 1, -1));
    at += length;
  }
  return records;
}

/** A NUL-terminated string field (a GNU long name is one too). */
export function readString(bytes: Uint8Array, offset: number, length: number): string {
  const field = bytes.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(block: Uint8Array, offset: number, length: number): number | undefined {
  // Base-256 (high bit set) only serves sizes beyond 8 GiB, far past every limit: treat as unreadable.
  if (block[offset]! & 0x80) return undefined;
  const text = readString(block, offset, length)
    .replace(/[ \0]+$/, "")
    .replace(/^ +/, "");
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) return undefined;
  return parseInt(text, 8);
}

function writeString(block: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  block.set(bytes, offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  writeString(block, offset, length, value.toString(8).padStart(length - 1, "0") + "\0");
}
