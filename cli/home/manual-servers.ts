import { guardHomeFile } from "./home-guard.js";
import fs from "node:fs/promises";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import { localizedError, localizedErrorBoth, sayEnglish } from "../terminal/language.js";
import { permissionProblem } from "../sandbox/permission-problem.js";
import { problemsWhy } from "../terminal/core-error-text.js";
import { editJson, parseJson } from "../../src/core/hosts/document-json.js";
import { readServerSetFast } from "../../src/core/merge/fast-server-set.js";
import type { ServerSet, ServerSpec } from "../../src/core/types.js";
import type { Permissions } from "../../src/core/sandbox/permissions.js";
import { parsePermissionBlock } from "../../src/core/sandbox/permission-block.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { backupFile } from "./backup.js";
import { homePaths } from "./home.js";
import { isObject } from "../../src/core/json-guards.js";

/** The hand-written $CONNECTORY_HOME/mcp.json, parsed (JSON with comments; both server-set shapes). */
export interface ManualDocument {
  file: string;
  /** The bytes as read; undefined when the file does not exist. */
  text: string | undefined;
  servers: ServerSet;
  /** `wrapped` = `{ "mcpServers": { … } }` (also for a new or empty file), `flat` = `{ "<server>": … }`. */
  shape: "wrapped" | "flat";
  /** The `permissions` block of each server that has one: it runs sandboxed to exactly that. */
  permissions: Record<string, Permissions>;
}

/** A hand-written server entry as written to mcp.json: a server, with its permissions block if any. */
export type ManualEntry = ServerSpec & { permissions?: Permissions };

/** The largest hand-written mcp.json read (a sane one is a few kilobytes). */
export const MAX_MCP_JSON_BYTES = 1024 * 1024;

/** How many timestamped backups of mcp.json are kept in $CONNECTORY_HOME/backups/. */
export const MAX_BACKUPS = 20;

/** Reads and parses the hand-written mcp.json; a syntax error throws with line and column. */
export async function readManualServers(home: string): Promise<ManualDocument> {
  const file = homePaths(home).mcpJson;
  let text: string | undefined;
  await guardHomeFile(home, file);
  try {
    const size = (await fs.stat(file)).size;
    if (size > MAX_MCP_JSON_BYTES) {
      throw localizedError(
        "mcp-json.too-large",
        { key: "mcp-json.too-large", params: { file, size } },
        { key: "mcp-json.too-large-hint" },
      );
    }
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return parseManualText(file, text);
}

/** Parses mcp.json text (comments and trailing commas allowed). */
export async function parseManualText(file: string, text: string | undefined): Promise<ManualDocument> {
  if (text === undefined || text.trim() === "")
    return { file, text, servers: {}, shape: "wrapped", permissions: {} };
  const parsed = parseJson(text);
  if ("failure" in parsed) {
    const { line, column, message } = parsed.failure;
    throw localizedError(
      "mcp-json.syntax",
      { key: "mcp-json.syntax", params: { file, line, column, message } },
      { key: "mcp-json.syntax-hint" },
    );
  }
  const { json, permissions } = takePermissions(file, parsed.data);
  const wrapped = isObject(json) && "mcpServers" in json;
  const empty = typeof json === "object" && json !== null && Object.keys(json).length === 0;
  let servers: ServerSet;
  try {
    // The full validator (ajv) only when the quick check does not accept the document as it is.
    servers =
      readServerSetFast(json, { templates: false }) ??
      (await import("../../src/core/package/mcp-config.js")).parseServerSet(json, file);
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    // The validator's verdict: its English message for --json, its first problem's kind in Chinese.
    const why = problemsWhy(error);
    throw new ConnectoryError("mcp-json.invalid", sayEnglish("mcp-json.unreadable", { file, why: why.en }), {
      hint: sayEnglish("mcp-json.unreadable-hint"),
      ...(error.problems ? { problems: error.problems } : {}),
      localized: {
        message: { key: "mcp-json.unreadable", params: { file, why: why.text } },
        hint: { key: "mcp-json.unreadable-hint" },
      },
    });
  }
  return { file, text, servers, shape: wrapped || empty ? "wrapped" : "flat", permissions };
}

/**
 * Takes each server's `permissions` block out of the document (the server-set validators, shared with
 * packages, know no such key) and checks it; a malformed block is `mcp-json.invalid`, never ignored.
 */
function takePermissions(
  file: string,
  json: unknown,
): { json: unknown; permissions: Record<string, Permissions> } {
  const permissions: Record<string, Permissions> = {};
  if (!isObject(json)) return { json, permissions };
  const wrapped = "mcpServers" in json;
  const entries = wrapped ? json.mcpServers : json;
  if (!isObject(entries)) return { json, permissions };
  const stripped: Record<string, unknown> = {};
  for (const [name, server] of Object.entries(entries)) {
    if (!isObject(server) || !("permissions" in server)) {
      stripped[name] = server;
      continue;
    }
    const { permissions: block, ...rest } = server;
    const read = parsePermissionBlock(block);
    if ("invalid" in read)
      throw localizedErrorBoth(
        "mcp-json.invalid",
        { key: "mcp-json.permissions-invalid", params: { file, name, why: permissionProblem(read.problem) } },
        { key: "mcp-json.permissions-invalid-hint" },
      );
    permissions[name] = read.permissions;
    stripped[name] = rest;
  }
  return { json: wrapped ? { ...json, mcpServers: stripped } : stripped, permissions };
}

/**
 * Edits mcp.json in place under its lock: re-reads it, applies `edit` (which returns the JSON path and
 * new value, or undefined to delete), backs up the previous bytes and writes atomically. Comments and
 * formatting outside the edited entry are kept byte for byte. A file that does not parse is never written.
 */
export async function editManualServers(
  home: string,
  now: Date,
  edit: (doc: ManualDocument) => { name: string; value: ManualEntry | undefined },
): Promise<{ doc: ManualDocument; backup?: string }> {
  return editManualServersMany(home, now, (doc) => [edit(doc)]);
}

/**
 * editManualServers for several entries at once: one lock, one backup, one write (`connectory import`).
 * No change: nothing is written.
 */
export async function editManualServersMany(
  home: string,
  now: Date,
  edit: (doc: ManualDocument) => Array<{ name: string; value: ManualEntry | undefined }>,
): Promise<{ doc: ManualDocument; backup?: string }> {
  const file = homePaths(home).mcpJson;
  await fs.mkdir(home, { recursive: true, mode: 0o700 });
  const { withLock } = await import("../../src/fs/lock.js");
  return withLock(file, async () => {
    const doc = await readManualServers(home);
    const changes = edit(doc);
    if (changes.length === 0) return { doc };
    const next = editJson(doc.text ?? "", doc.shape === "wrapped" ? ["mcpServers"] : [], changes);
    const backup =
      doc.text === undefined
        ? undefined
        : await backupFile(homePaths(home).backups, file, doc.text, now, MAX_BACKUPS);
    // Hand-written servers often carry API keys in env or headers: a new file is private.
    await atomicWrite(file, next, doc.text === undefined ? { mode: 0o600 } : {});
    return { doc: await parseManualText(file, next), ...(backup ? { backup } : {}) };
  });
}
