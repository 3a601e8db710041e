import { hiddenTextProblems } from "../package/hidden-text.js";
import type { Problem } from "../types.js";
import { isObject } from "../json-guards.js";

// The tools a publisher reports for a version (PUT /v1/connectors/:name/:version/tools, body
// `{ "tools": [Tool, …] }` as MCP's tools/list returns them). The registry cannot check them against
// the server, so it keeps them as the publisher's word: bounded, type-checked, and only the fields a
// page or an agent needs (name, title, description, inputSchema, annotations, and which server).
// The registry (src/registry/tools-report.ts) and `connectory publish --with-tools` (which checks
// before uploading anything) both use this file, so the limits live here and only here.

/** The largest request body the tools route reads. */
export const MAX_TOOLS_BYTES = 1024 * 1024;
export const MAX_TOOLS = 256;
export const MAX_TOOL_NAME = 128;
export const MAX_TOOL_TITLE = 256;
export const MAX_TOOL_DESCRIPTION = 8192;
export const MAX_SCHEMA_BYTES = 64 * 1024;
export const MAX_SCHEMA_DEPTH = 32;
const MAX_PROBLEMS = 50;
const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** One reported tool, as stored and served. */
export interface ReportedTool {
  name: string;
  /** The package's server that lists it (a key of mcp.json's mcpServers). */
  server?: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, string | boolean>;
}

/** The `tools` member of a version document. */
export interface ToolsReport {
  reportedBy: "publisher";
  reportedAt: string;
  items: ReportedTool[];
}

type Json = Record<string, unknown>;
type Add = (code: string, path: string, message: string) => void;
// Control characters never belong in a name or title (they could forge lines in logs and terminals).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The MCP tool-name rule (SEP-986): 1–128 characters of A–Z a–z 0–9 _ - . */
export const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * Checks a tools report against the version's server names. Returns every problem (up to a cap, so a
 * hostile body cannot make the answer huge) and, when there are none, the normalized tools.
 */
export function checkToolsReport(
  body: unknown,
  servers: readonly string[],
): { problems: Problem[]; items: ReportedTool[] } {
  const problems: Problem[] = [];
  const add: Add = (code, path, message) => {
    if (problems.length < MAX_PROBLEMS)
      problems.push({ code, severity: "error", file: "tools", path, message });
  };
  const list = isObject(body) ? body.tools : undefined;
  if (!Array.isArray(list)) {
    add("tools.body.invalid", "", 'the body must be {"tools": [...]}, the result of MCP tools/list');
    return { problems, items: [] };
  }
  if (list.length > MAX_TOOLS) {
    add("tools.too-many", "/tools", `${list.length} tools; at most ${MAX_TOOLS} can be reported`);
    return { problems, items: [] };
  }
  const items: ReportedTool[] = [];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const at = `/tools/${i}`;
    if (!isObject(raw)) return add("tools.tool.invalid", at, "each tool must be an object");
    const item = checkTool(raw, at, servers, add);
    if (!item) return;
    const key = `${item.server ?? ""}\u0000${item.name}`;
    if (seen.has(key))
      add("tools.name.duplicate", `${at}/name`, `tool "${item.name}" is listed twice for the same server`);
    seen.add(key);
    items.push(item);
  });
  return { problems, items: problems.length > 0 ? [] : items };
}

/**
 * The request body of a tools report, checked exactly as the registry will check it (size included), so
 * a client can refuse before it uploads anything. `problems` is empty when the registry would accept it.
 */
export function toolsReportBody(
  tools: readonly unknown[],
  servers: readonly string[],
): { body: string; problems: Problem[] } {
  // The tools come from JSON-RPC (parsed JSON), so checking the values is checking what is sent.
  const problems = checkToolsReport({ tools }, servers).problems;
  let body = "";
  try {
    body = JSON.stringify({ tools });
  } catch {
    // Nesting deep enough to overflow JSON.stringify is already a tools.inputSchema.too-deep problem.
    if (problems.length === 0)
      problems.push({
        code: "tools.body.invalid",
        severity: "error",
        file: "tools",
        path: "",
        message: "the tools cannot be written as JSON",
      });
    return { body, problems };
  }
  const bytes = utf8Length(body);
  if (bytes > MAX_TOOLS_BYTES) {
    problems.unshift({
      code: "tools.body.too-large",
      severity: "error",
      file: "tools",
      path: "",
      message: `the tools report is ${bytes} bytes; at most ${MAX_TOOLS_BYTES}`,
    });
  }
  return { body, problems };
}

function checkTool(raw: Json, at: string, servers: readonly string[], add: Add): ReportedTool | undefined {
  let failed = 0;
  const fail: Add = (code, path, message) => {
    failed++;
    add(code, path, message);
  };
  const text = (key: string, max: number, required: boolean): string | undefined => {
    const value = raw[key];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string" || (required && value === "") || value.length > max) {
      fail(
        `tools.${key}.invalid`,
        `${at}/${key}`,
        `${key} must be a string of ${required ? 1 : 0} to ${max} characters`,
      );
      return undefined;
    }
    if (key !== "description" && CONTROL.test(value)) {
      fail(`tools.${key}.invalid`, `${at}/${key}`, `${key} must not contain control characters`);
      return undefined;
    }
    return value;
  };
  let name = text("name", MAX_TOOL_NAME, true);
  if (name !== undefined && !TOOL_NAME.test(name)) {
    fail(
      "tools.name.invalid",
      `${at}/name`,
      "name must be 1 to 128 characters of A-Z a-z 0-9 _ - . (the MCP tool-name rule)",
    );
    name = undefined;
  }
  // Hidden characters anywhere a person or a model reads (title, description, schema, annotations).
  for (const problem of hiddenTextProblems(
    {
      title: raw.title,
      description: raw.description,
      inputSchema: raw.inputSchema,
      annotations: raw.annotations,
    },
    "tools",
    "tools",
    at,
  ).slice(0, 4))
    fail(problem.code, problem.path, problem.message);
  const title = text("title", MAX_TOOL_TITLE, false);
  const description = text("description", MAX_TOOL_DESCRIPTION, false);
  const server = raw.server;
  if (server !== undefined && (typeof server !== "string" || !servers.includes(server))) {
    fail(
      "tools.server.unknown",
      `${at}/server`,
      `server must name one of this version's servers (${servers.join(", ") || "none"})`,
    );
  }
  const inputSchema = checkSchema(raw.inputSchema, `${at}/inputSchema`, fail);
  const annotations = checkAnnotations(raw.annotations, `${at}/annotations`, fail);
  if (failed > 0 || name === undefined || inputSchema === undefined) return undefined;
  return {
    name,
    ...(typeof server === "string" ? { server } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    inputSchema,
    ...(annotations ? { annotations } : {}),
  };
}

function checkSchema(value: unknown, at: string, fail: Add): Json | undefined {
  if (!isObject(value) || (value.type !== undefined && value.type !== "object")) {
    fail("tools.inputSchema.invalid", at, 'inputSchema must be a JSON Schema object with "type": "object"');
    return undefined;
  }
  // Depth first: serializing a deeply nested value to measure it would itself overflow the stack.
  if (depthExceeds(value, MAX_SCHEMA_DEPTH)) {
    fail("tools.inputSchema.too-deep", at, `inputSchema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
    return undefined;
  }
  const bytes = utf8Length(JSON.stringify(value));
  if (bytes > MAX_SCHEMA_BYTES) {
    fail("tools.inputSchema.too-large", at, `inputSchema is ${bytes} bytes; at most ${MAX_SCHEMA_BYTES}`);
    return undefined;
  }
  return value;
}

function checkAnnotations(
  value: unknown,
  at: string,
  fail: Add,
): Record<string, string | boolean> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    fail("tools.annotations.invalid", at, "annotations must be an object");
    return undefined;
  }
  // Only the protocol's known hints are kept; anything else a server adds is dropped, not stored.
  const out: Record<string, string | boolean> = {};
  if (value.title !== undefined) {
    if (typeof value.title !== "string" || value.title.length > MAX_TOOL_TITLE || CONTROL.test(value.title))
      fail(
        "tools.annotations.invalid",
        `${at}/title`,
        `title must be a string of up to ${MAX_TOOL_TITLE} characters`,
      );
    else out.title = value.title;
  }
  for (const hint of HINTS) {
    if (value[hint] === undefined) continue;
    if (typeof value[hint] !== "boolean")
      fail("tools.annotations.invalid", `${at}/${hint}`, `${hint} must be true or false`);
    else out[hint] = value[hint];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** True when `value` nests arrays/objects deeper than `limit`; stops as soon as it knows. */
function depthExceeds(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value))
    if (depthExceeds(child, limit - 1)) return true;
  return false;
}
