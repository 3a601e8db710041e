import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { maskSecrets } from "../../src/core/mask-secrets.js";

/** One tools/call that went through `run` or `gateway`: a line of logs/audit.jsonl. */
export interface AuditEntry {
  time: string;
  via: "run" | "gateway";
  /** The host, from its initialize (null when it never said). */
  client: { name: string; version: string } | null;
  profile: string | null;
  server: string;
  tool: string;
  /** Each argument's name and the size of its JSON value in bytes (values only with --log-arguments). */
  arguments: Array<{ name: string; bytes: number }>;
  values?: Record<string, unknown>;
  durationMs: number;
  /**
   * ok; tool-error (the tool answered isError); error (a JSON-RPC error); refused (by connectory);
   * flagged (a guard found something in a request or answer: `findings` says what and where).
   */
  outcome: "ok" | "tool-error" | "error" | "refused" | "flagged";
  errorCode?: number;
  /** The request a flagged entry is about, when it is not a tools/call (resources/read, prompts/get). */
  method?: string;
  /** What the guards found: kind, rule, where (a JSON path and an offset) and what they did; never the text. */
  findings?: Array<{ kind: string; rule: string; path: string; at: number; action: string }>;
}

/** The audit log's files: the current one and the one before it. */
export function auditPaths(home: string): { dir: string; current: string; previous: string } {
  const dir = path.join(home, "logs");
  return { dir, current: path.join(dir, "audit.jsonl"), previous: path.join(dir, "audit.1.jsonl") };
}

/** Past this size the current file becomes audit.1.jsonl (replacing the older one). */
export const AUDIT_MAX_BYTES = 5 * 1024 * 1024;

/** The names and sizes of a call's arguments. */
export function describeArguments(args: unknown): AuditEntry["arguments"] {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return [];
  return Object.entries(args).map(([name, value]) => ({
    name,
    bytes: Buffer.byteLength(JSON.stringify(value) ?? ""),
  }));
}

/**
 * The values to log under --log-arguments, through the one masking rule (src/core/mask-secrets.ts): at
 * any depth a secret-named key or a `{ name: "Authorization", value }` pair is "***" whatever it holds,
 * and every known secret value, URL password and bearer credential in a string is masked.
 */
export function loggedValues(args: unknown, secretValues: readonly string[]): Record<string, unknown> {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return {};
  return maskSecrets(args, secretValues) as Record<string, unknown>;
}

/** Queued lines are written at least this often (ms)… */
export const AUDIT_FLUSH_MS = 100;
/** …or as soon as this many are queued. */
export const AUDIT_FLUSH_LINES = 256;

/** An entry, or a function that makes it when its line is written (off the call's path). */
export type AuditLine = AuditEntry | (() => AuditEntry);

/**
 * Appends audit entries, one JSON line each (mode 0600), in order. When the file would pass
 * `maxBytes` it is renamed to audit.1.jsonl first, under a lock so two processes do not both rotate.
 * A failed write is reported through `onError` and never fails the call it records.
 *
 * Cost (issue 26's overhead budget): entries are queued and written in batches, every `flushMs`
 * (0.1 s) or once `flushLines` (256) are queued, each batch one write(2) to a file kept open
 * (O_APPEND); an entry given as a function is made and serialized only then. Nothing queued is lost:
 * `flush` writes it and closes the file (run and the gateway await it when the host closes stdin),
 * and a process that exits with lines still queued writes them synchronously on its way out (`exit`
 * event; that last write does not rotate, the next writer does).
 */
export function auditLog(
  home: string,
  options: {
    maxBytes?: number;
    onError?: (error: Error) => void;
    flushMs?: number;
    flushLines?: number;
  } = {},
): { append(entry: AuditLine): void; flush(): Promise<void> } {
  const files = auditPaths(home);
  const max = options.maxBytes ?? AUDIT_MAX_BYTES;
  const flushMs = options.flushMs ?? AUDIT_FLUSH_MS;
  const flushLines = options.flushLines ?? AUDIT_FLUSH_LINES;
  let chain: Promise<void> = Promise.resolve();
  // Entries not written yet: `queued` waits for the next batch; `taken` is the batch being written,
  // its first `written` lines already in the file. The file's size is asked once and then counted
  // (asked again every STAT_EVERY batches: other processes append too, and may rotate the file away).
  let queued: AuditLine[] = [];
  let taken: string[] = [];
  let written = 0;
  let timer: NodeJS.Timeout | undefined;
  let scheduled = false;
  let exitHooked = false;
  let size: number | undefined;
  let writes = 0;
  let fd: number | undefined;
  const line = (entry: AuditLine) => JSON.stringify(typeof entry === "function" ? entry() : entry) + "\n";
  const closeFile = () => {
    if (fd !== undefined) fsSync.closeSync(fd);
    fd = undefined;
  };
  const currentSize = () =>
    fs.stat(files.current).then(
      (s) => s.size,
      () => 0,
    );
  // O_APPEND: lines of several processes (each host's run or gateway) never interleave mid-line.
  const append = (text: string, bytes: number) => {
    fd ??= fsSync.openSync(files.current, "a", 0o600);
    fsSync.writeSync(fd, text);
    size = (size ?? 0) + bytes;
  };
  const rotate = async (bytes: number) => {
    const { withLock } = await import("../../src/fs/lock.js");
    closeFile();
    await withLock(files.current, async () => {
      const again = await currentSize();
      if (again > 0 && again + bytes > max) await fs.rename(files.current, files.previous);
    });
    size = await currentSize();
  };
  // The size by the path, and whether the open file is still the one at the path (another process
  // may have rotated it: lines written meanwhile are in audit.1.jsonl, which readAuditLog reads too).
  const restat = async () => {
    const at = await fs.stat(files.current).catch(() => undefined);
    if (fd !== undefined && (!at || at.ino !== fsSync.fstatSync(fd).ino)) closeFile();
    size = at?.size ?? 0;
  };
  const write = async () => {
    scheduled = false;
    taken = queued.map(line);
    queued = [];
    written = 0;
    if (size === undefined) await fs.mkdir(files.dir, { recursive: true, mode: 0o700 });
    if (size === undefined || ++writes % STAT_EVERY === 0) await restat();
    let chunk = "";
    let chunkBytes = 0;
    for (let i = 0; i < taken.length; i++) {
      const text = taken[i] as string;
      const bytes = Buffer.byteLength(text);
      // Past the cap the file becomes audit.1.jsonl first (under a lock: two processes rotate once).
      if ((size as number) + chunkBytes > 0 && (size as number) + chunkBytes + bytes > max) {
        if (chunk !== "") append(chunk, chunkBytes);
        written = i;
        [chunk, chunkBytes] = ["", 0];
        await rotate(bytes);
      }
      chunk += text;
      chunkBytes += bytes;
    }
    if (chunk !== "") append(chunk, chunkBytes);
    taken = [];
  };
  const failed = (error: Error) => {
    taken = [];
    size = undefined;
    try {
      closeFile();
    } catch {
      fd = undefined;
    }
    options.onError?.(error);
  };
  // The process is ending (the `exit` event allows no waiting): what is left, written synchronously.
  const onExit = () => {
    try {
      const rest = taken.slice(written).join("") + queued.map(line).join("");
      [taken, queued] = [[], []];
      if (rest === "") return;
      if (fd === undefined) {
        fsSync.mkdirSync(files.dir, { recursive: true, mode: 0o700 });
        fd = fsSync.openSync(files.current, "a", 0o600);
      }
      fsSync.writeSync(fd, rest);
    } catch (error) {
      options.onError?.(error as Error);
    }
  };
  const hook = (on: boolean) => {
    if (on === exitHooked) return;
    exitHooked = on;
    if (on) process.on("exit", onExit);
    else process.off("exit", onExit);
  };
  // Queues the next batch on the chain (once: it takes every line queued by the time it runs).
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (scheduled) return;
    scheduled = true;
    chain = chain
      .then(write)
      .catch(failed)
      .then(() => {
        if (queued.length === 0 && taken.length === 0) hook(false);
      });
  };
  return {
    append(entry) {
      queued.push(entry);
      hook(true);
      if (queued.length >= flushLines) schedule();
      else timer ??= setTimeout(schedule, flushMs).unref();
    },
    flush: () => {
      if (queued.length > 0) schedule();
      return (chain = chain.then(() => {
        try {
          closeFile();
        } catch {
          fd = undefined;
        }
      }));
    },
  };
}

/** How many batches go by before the file's size is asked again. */
const STAT_EVERY = 64;

/** Every entry of the log, oldest first; lines that are not entries (a torn write) are skipped. */
export async function readAuditLog(home: string): Promise<AuditEntry[]> {
  const files = auditPaths(home);
  const out: AuditEntry[] = [];
  for (const file of [files.previous, files.current]) {
    const text = await fs.readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        const entry = JSON.parse(line) as AuditEntry;
        if (typeof entry?.time === "string" && typeof entry.server === "string") out.push(entry);
      } catch {
        // skipped: a line cut short by a crash
      }
    }
  }
  return out;
}
