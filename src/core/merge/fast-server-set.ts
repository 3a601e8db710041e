import { SERVER_NAME } from "../names.js";
import type { ServerSet, ServerSpec } from "../types.js";
import { isObject } from "../json-guards.js";

// The common case of mcp.json, checked without ajv (which costs more than the rest of `connectory
// config` to load and compile). Any document this does not fully accept returns undefined, and the
// caller runs the complete validator (parseServerSet) for its problems: the fast path only ever accepts
// what parseServerSet accepts, with the same result.

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REMOTE = new Set(["streamable-http", "http", "sse"]);
const STDIO_KEYS = new Set(["type", "command", "args", "env", "cwd"]);
const REMOTE_KEYS = new Set(["type", "url", "headers"]);

/**
 * Reads a well-formed server set quickly. `templates: false` (a hand-written file) sends any `${` to
 * the full validator, which checks template syntax; `true` (an installed package, validated when it
 * was installed) leaves templates to renderServers.
 */
export function readServerSetFast(json: unknown, options: { templates: boolean }): ServerSet | undefined {
  if (!isObject(json)) return undefined;
  let entries: Record<string, unknown> = json;
  if ("mcpServers" in json) {
    if (Object.keys(json).some((k) => k !== "mcpServers" && k !== "$schema")) return undefined;
    if (!isObject(json.mcpServers)) return undefined;
    entries = json.mcpServers;
  }
  const out: ServerSet = {};
  for (const [name, server] of Object.entries(entries)) {
    if (entries === json && name === "$schema") continue;
    if (!SERVER_NAME.test(name)) return undefined;
    const spec = readServer(server, options.templates);
    if (!spec) return undefined;
    out[name] = spec;
  }
  return out;
}

function readServer(server: unknown, templates: boolean): ServerSpec | undefined {
  if (!isObject(server)) return undefined;
  const ok = (s: unknown): s is string => typeof s === "string" && (templates || !s.includes("${"));
  const type = server.type;
  if (typeof type === "string" && REMOTE.has(type)) {
    if (Object.keys(server).some((k) => !REMOTE_KEYS.has(k))) return undefined;
    const { url, headers } = server;
    if (!ok(url) || !plainUrl(url, templates)) return undefined;
    if (headers !== undefined && !stringRecord(headers, HEADER_NAME, ok)) return undefined;
    return { type: type as "http", url, ...(headers !== undefined ? { headers } : {}) } as ServerSpec;
  }
  if (type !== undefined && type !== "stdio") return undefined;
  if (Object.keys(server).some((k) => !STDIO_KEYS.has(k))) return undefined;
  const { command, args, env, cwd } = server;
  if (!ok(command) || command === "") return undefined;
  if (args !== undefined && !(Array.isArray(args) && args.every(ok))) return undefined;
  if (env !== undefined && !stringRecord(env, ENV_NAME, ok)) return undefined;
  if (cwd !== undefined && !ok(cwd)) return undefined;
  return server as unknown as ServerSpec;
}

/** An https URL, or http to a loopback host (anything else may earn a warning: full validator). */
function plainUrl(url: string, templates: boolean): boolean {
  const filled = templates ? url.replace(/\$\{[A-Z][A-Z0-9_]*\}/g, "x") : url;
  if (filled.includes("${")) return false;
  let u: URL;
  try {
    u = new URL(filled);
  } catch {
    return false;
  }
  return (
    u.protocol === "https:" ||
    (u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname))
  );
}

function stringRecord(
  value: unknown,
  names: RegExp,
  ok: (s: unknown) => s is string,
): value is Record<string, string> {
  return isObject(value) && Object.entries(value).every(([k, v]) => names.test(k) && ok(v));
}
