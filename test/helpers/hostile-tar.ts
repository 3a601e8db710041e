import zlib from "node:zlib";

/**
 * Raw tar building for tests, written independently of src/package so that a bug there cannot hide
 * itself: every header byte is laid out here by hand (POSIX ustar, pax, GNU long names).
 */
export interface RawEntry {
  name: string;
  /** Tar type flag: "0" file, "1" hard link, "2" symlink, "3" char dev, "5" dir, "6" FIFO, "x" pax, "L" GNU long name. */
  type?: string;
  data?: Uint8Array | string;
  /** Declared size when it must differ from the data (truncation tests). */
  size?: number;
  mode?: number;
  linkname?: string;
  /** Emits a pax header with these records before the entry. */
  pax?: Record<string, string>;
  /** Emits a GNU `L` long-name entry with this name before the entry. */
  gnuLongName?: string;
}

const enc = new TextEncoder();

/** One 512-byte ustar header with a correct checksum. Name bytes beyond 100 are cut (use pax for long names). */
export function rawHeader(entry: RawEntry, size: number): Uint8Array {
  const h = new Uint8Array(512);
  const put = (offset: number, length: number, value: string) =>
    h.set(enc.encode(value).subarray(0, length), offset);
  const octal = (offset: number, length: number, value: number) =>
    put(offset, length, value.toString(8).padStart(length - 1, "0") + "\0");
  put(0, 100, entry.name);
  octal(100, 8, entry.mode ?? 0o644);
  octal(108, 8, 1000);
  octal(116, 8, 1000);
  octal(124, 12, size);
  octal(136, 12, 1_700_000_000);
  put(148, 8, "        ");
  put(156, 1, entry.type ?? "0");
  put(157, 100, entry.linkname ?? "");
  put(257, 6, "ustar\0");
  put(263, 2, "00");
  put(265, 32, "someone");
  put(297, 32, "staff");
  let sum = 0;
  for (const b of h) sum += b;
  put(148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return h;
}

/** A tar stream of the entries, with the end-of-archive marker unless `end: false`. */
export function rawTar(entries: RawEntry[], options: { end?: boolean } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const add = (entry: RawEntry) => {
    const data = typeof entry.data === "string" ? enc.encode(entry.data) : (entry.data ?? new Uint8Array());
    parts.push(rawHeader(entry, entry.size ?? data.length), data);
    if (data.length % 512) parts.push(new Uint8Array(512 - (data.length % 512)));
  };
  for (const entry of entries) {
    if (entry.pax) {
      const body = Object.entries(entry.pax)
        .map(([k, v]) => paxRecord(k, v))
        .join("");
      add({ name: "PaxHeader", type: "x", data: body });
    }
    if (entry.gnuLongName !== undefined)
      add({ name: "././@LongLink", type: "L", data: entry.gnuLongName + "\0" });
    add(entry);
  }
  if (options.end !== false) parts.push(new Uint8Array(1024));
  return Buffer.concat(parts);
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLength = enc.encode(body).length;
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return `${length}${body}`;
}

/** gzip with node:zlib (a different deflate from the packer's, on purpose). */
export function gz(bytes: Uint8Array, level = 6): Uint8Array {
  return zlib.gzipSync(bytes, { level });
}

/** A `.tgz` of the entries. */
export function tgz(entries: RawEntry[], options: { end?: boolean } = {}): Uint8Array {
  return gz(rawTar(entries, options));
}

export interface HostileCase {
  /** The error code readTarball/unpackTarball must reject it with. */
  code: string;
  bytes: Uint8Array;
}

const file = (name: string, data = "x"): RawEntry => ({ name, data });
const ok = file("package/plugin.json", "{}");

/** Every hostile tarball of the issue, keyed by what it tries; `absolute` is where an escape would land. */
export function hostileTarballs(absolute: string): Record<string, HostileCase> {
  const deep = "package/" + Array.from({ length: 2000 }, () => "d").join("/") + "/x.txt";
  const valid = tgz([ok, file("package/README.md", "# hi\n".repeat(200))]);
  const validTar = rawTar([ok]);
  const corrupt = rawTar([ok, file("package/b.txt")]);
  corrupt[512 * 2 + 10] = corrupt[512 * 2 + 10]! ^ 0xff; // the second header's name: checksum no longer matches
  return {
    "dot-dot": { code: "tar.path.traversal", bytes: tgz([ok, file("../x")]) },
    "nested dot-dot": { code: "tar.path.traversal", bytes: tgz([ok, file("package/../../x")]) },
    "absolute path": { code: "tar.path.absolute", bytes: tgz([ok, file(absolute)]) },
    "windows drive path": { code: "tar.path.absolute", bytes: tgz([ok, file("C:\\x")]) },
    "UNC path": { code: "tar.path.absolute", bytes: tgz([ok, file("\\\\server\\share\\x")]) },
    "backslash traversal": { code: "tar.path.traversal", bytes: tgz([ok, file("package\\..\\..\\x")]) },
    "pax path traversal": {
      code: "tar.path.traversal",
      bytes: tgz([ok, { name: "package/innocent.txt", data: "x", pax: { path: "../evil.txt" } }]),
    },
    "GNU long name traversal": {
      code: "tar.path.traversal",
      bytes: tgz([ok, { name: "package/innocent.txt", data: "x", gnuLongName: "package/../../evil.txt" }]),
    },
    "outside package/": { code: "tar.path.outside", bytes: tgz([ok, file("other/x.txt")]) },
    "Windows device name": { code: "tar.path.reserved", bytes: tgz([ok, file("package/server/CON.js")]) },
    "Windows device folder": { code: "tar.path.reserved", bytes: tgz([ok, file("package/lpt1/x.txt")]) },
    "trailing dot": { code: "tar.path.reserved", bytes: tgz([ok, file("package/readme.")]) },
    "no top folder": { code: "tar.path.outside", bytes: tgz([file("plugin.json", "{}")]) },
    symlink: {
      code: "tar.entry.link",
      bytes: tgz([ok, { name: "package/link", type: "2", linkname: "/etc/passwd" }]),
    },
    "symlink then write through it": {
      code: "tar.entry.link",
      bytes: tgz([ok, { name: "package/out", type: "2", linkname: ".." }, file("package/out/x.txt")]),
    },
    hardlink: {
      code: "tar.entry.link",
      bytes: tgz([ok, { name: "package/hard", type: "1", linkname: absolute }]),
    },
    FIFO: { code: "tar.entry.fifo", bytes: tgz([ok, { name: "package/fifo", type: "6" }]) },
    "char device": { code: "tar.entry.device", bytes: tgz([ok, { name: "package/null", type: "3" }]) },
    "block device": { code: "tar.entry.device", bytes: tgz([ok, { name: "package/sda", type: "4" }]) },
    "NFC vs NFD": {
      code: "tar.path.duplicate",
      bytes: tgz([ok, file("package/Caf\u00e9.txt"), file("package/Cafe\u0301.txt")]),
    },
    "case only": {
      code: "tar.path.duplicate",
      bytes: tgz([ok, file("package/A.txt"), file("package/a.txt")]),
    },
    "folders differing in case": {
      code: "tar.path.duplicate",
      bytes: tgz([ok, file("package/Docs/a.txt"), file("package/docs/b.txt")]),
    },
    "file and folder": {
      code: "tar.path.conflict",
      bytes: tgz([ok, file("package/x"), file("package/X/y")]),
    },
    "exact duplicate": {
      code: "tar.path.duplicate",
      bytes: tgz([ok, file("package/a.txt"), file("package/a.txt")]),
    },
    "2,000-deep path": {
      code: "tar.path.depth",
      bytes: tgz([ok, { name: "package/deep", data: "x", pax: { path: deep } }]),
    },
    "1,001 entries": {
      code: "tar.entries.too-many",
      bytes: tgz([ok, ...Array.from({ length: 1000 }, (_, i) => file(`package/f/${i}.txt`))]),
    },
    "gzip bomb (one big file)": {
      code: "tar.size.unpacked",
      bytes: gz(rawTar([ok, { name: "package/zeros.bin", data: new Uint8Array(30 * 1024 * 1024) }]), 9),
    },
    "gzip bomb (zeros after the archive)": {
      code: "tar.size.unpacked",
      bytes: gz(Buffer.concat([validTar, new Uint8Array(200 * 1024 * 1024)]), 9),
    },
    "over 5 MiB compressed": {
      code: "tar.size.compressed",
      bytes: Buffer.concat([valid, new Uint8Array(5 * 1024 * 1024)]),
    },
    "truncated gzip": { code: "tar.gzip.truncated", bytes: valid.subarray(0, Math.floor(valid.length / 2)) },
    "non-gzip body (plain tar)": { code: "tar.gzip.invalid", bytes: validTar },
    "non-gzip body (text)": { code: "tar.gzip.invalid", bytes: enc.encode("<html>not found</html>") },
    "empty body": { code: "tar.gzip.invalid", bytes: new Uint8Array() },
    "gzip with garbage after it": {
      code: "tar.gzip.corrupt",
      bytes: Buffer.concat([valid, enc.encode("garbage")]),
    },
    "corrupt tar header": { code: "tar.header.corrupt", bytes: gz(corrupt) },
    "tar cut inside a file": {
      code: "tar.truncated",
      bytes: gz(rawTar([ok, { name: "package/big.txt", data: "abc", size: 4096 }], { end: false })),
    },
    "tar without end marker": { code: "tar.truncated", bytes: gz(rawTar([ok], { end: false })) },
  };
}
