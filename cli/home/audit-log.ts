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

/**
 * Appends audit entries, one JSON line each (mode 0600), in order. When the file would pass
 * `maxBytes` it is renamed to audit.1.jsonl first, under a lock so two processes do not both rotate.
 * A failed write is reported through `onError` and never fails the call it records.
 *
 * Cost (issue 26's overhead budget): the file stays open (O_APPEND) between writes, and lines go out
 * on the next turn of the event loop (setImmediate), after the answer they record has been sent: a
 * call costs one write(2), not an open, a write and a close through the thread pool on its way out.
 * `flush` waits for the queued lines and closes the file.
 */
export function auditLog(
  home: string,
  options: { maxBytes?: number; onError?: (error: Error) => void } = {},
): { append(entry: AuditEntry): void; flush(): Promise<void> } {
  const files = auditPaths(home);
  const max = options.maxBytes ?? AUDIT_MAX_BYTES;
  let chain: Promise<void> = Promise.resolve();
  // Lines appended while a write is under way go out together in the next one: a burst of calls
  // costs one write, not one each. The file's size is asked once and then counted (asked again
  // every STAT_EVERY writes: other processes append too, and may have rotated the file away).
  let queued: string[] = [];
  let size: number | undefined;
  let writes = 0;
  let fd: number | undefined;
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
    const lines = queued;
    queued = [];
    if (size === undefined) await fs.mkdir(files.dir, { recursive: true, mode: 0o700 });
    if (size === undefined || ++writes % STAT_EVERY === 0) await restat();
    let chunk = "";
    let chunkBytes = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      // Past the cap the file becomes audit.1.jsonl first (under a lock: two processes rotate once).
      if ((size as number) + chunkBytes > 0 && (size as number) + chunkBytes + bytes > max) {
        if (chunk !== "") append(chunk, chunkBytes);
        [chunk, chunkBytes] = ["", 0];
        await rotate(bytes);
      }
      chunk += line;
      chunkBytes += bytes;
    }
    if (chunk !== "") append(chunk, chunkBytes);
  };
  const failed = (error: Error) => {
    size = undefined;
    try {
      closeFile();
    } catch {
      fd = undefined;
    }
    options.onError?.(error);
  };
  return {
    append(entry) {
      queued.push(JSON.stringify(entry) + "\n");
      if (queued.length > 1) return; // a write is already queued: it takes this line too
      chain = chain
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(write)
        .catch(failed);
    },
    flush: () =>
      (chain = chain.then(() => {
        try {
          closeFile();
        } catch {
          fd = undefined;
        }
      })),
  };
}

/** How many writes go by before the file's size is asked again. */
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
