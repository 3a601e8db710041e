import fs from "node:fs/promises";
import path from "node:path";
import { redact } from "../../src/core/secrets.js";

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
  /** ok; tool-error (the tool answered isError); error (a JSON-RPC error); refused (by connectory). */
  outcome: "ok" | "tool-error" | "error" | "refused";
  errorCode?: number;
}

/** The audit log's files: the current one and the one before it. */
export function auditPaths(home: string): { dir: string; current: string; previous: string } {
  const dir = path.join(home, "logs");
  return { dir, current: path.join(dir, "audit.jsonl"), previous: path.join(dir, "audit.1.jsonl") };
}

/** Past this size the current file becomes audit.1.jsonl (replacing the older one). */
export const AUDIT_MAX_BYTES = 5 * 1024 * 1024;
const SECRET_NAME = /token|secret|password|passwd|api[-_]?key|auth|credential|cookie/i;

/** The names and sizes of a call's arguments. */
export function describeArguments(args: unknown): AuditEntry["arguments"] {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return [];
  return Object.entries(args).map(([name, value]) => ({
    name,
    bytes: Buffer.byteLength(JSON.stringify(value) ?? ""),
  }));
}

/**
 * The values to log under --log-arguments: every known secret value masked, and an argument whose
 * name looks like a secret (token, password, api_key…) replaced by "***" whatever it holds.
 */
export function loggedValues(args: unknown, secretValues: readonly string[]): Record<string, unknown> {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    out[name] = SECRET_NAME.test(name)
      ? "***"
      : JSON.parse(redact(JSON.stringify(value) ?? "null", secretValues.map(jsonEscaped)));
  }
  return out;
}

// A secret inside a JSON string is written with its quotes and backslashes escaped.
function jsonEscaped(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

/**
 * Appends audit entries, one JSON line each (mode 0600), in order. When the file would pass
 * `maxBytes` it is renamed to audit.1.jsonl first, under a lock so two processes do not both rotate.
 * A failed write is reported through `onError` and never fails the call it records.
 */
export function auditLog(
  home: string,
  options: { maxBytes?: number; onError?: (error: Error) => void } = {},
): { append(entry: AuditEntry): void; flush(): Promise<void> } {
  const files = auditPaths(home);
  const max = options.maxBytes ?? AUDIT_MAX_BYTES;
  let chain: Promise<void> = Promise.resolve();
  const write = async (line: string) => {
    await fs.mkdir(files.dir, { recursive: true, mode: 0o700 });
    const size = await fs.stat(files.current).then(
      (s) => s.size,
      () => 0,
    );
    if (size > 0 && size + Buffer.byteLength(line) > max) {
      const { withLock } = await import("../../src/fs/lock.js");
      await withLock(files.current, async () => {
        const again = await fs.stat(files.current).then(
          (s) => s.size,
          () => 0,
        );
        if (again > 0 && again + Buffer.byteLength(line) > max)
          await fs.rename(files.current, files.previous);
      });
    }
    // O_APPEND: lines of several processes (each host's run or gateway) never interleave mid-line.
    await fs.appendFile(files.current, line, { mode: 0o600 });
  };
  return {
    append(entry) {
      const line = JSON.stringify(entry) + "\n";
      chain = chain.then(() => write(line)).catch((error: Error) => options.onError?.(error));
    },
    flush: () => chain,
  };
}

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
