import type { RemoteTransport, ServerSpec } from "../types.js";
import type { HostId } from "./index.js";
import { isObject } from "../json-guards.js";

/** Why an entry cannot be imported, by a stable code (the CLI says it in its reader's language). */
export type ImportSkipCode = "not-object" | "disabled" | "built-in" | "url-not-http" | "no-command";

/** Something to do by hand after importing, by a stable code with its English words. */
export interface ImportNote {
  code: "env-vars" | "env-keys";
  message: string;
}

/**
 * One host entry read back as a standard server, or why it cannot be imported: `skip` in English,
 * `skipCode` with `params` (the host, the URL field) for the CLI's tables.
 */
export type ImportedEntry =
  | { server: ServerSpec; notes: ImportNote[] }
  | { skip: string; skipCode: ImportSkipCode; params: Record<string, string> };

const skipped = (skipCode: ImportSkipCode, skip: string, params: Record<string, string> = {}) => ({
  skip,
  skipCode,
  params,
});

/** A map of strings (env, headers); numbers and booleans as text, anything else dropped. */
function strings(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number" || typeof v === "boolean") out[k] = String(v);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((a) => typeof a === "string") ? value : undefined;
}

/** The transport of a remote entry, in each host's own spelling. */
function transport(host: HostId, entry: Record<string, unknown>, field: string): RemoteTransport {
  const type = typeof entry.type === "string" ? entry.type.toLowerCase() : "";
  if (type.includes("sse")) return "sse";
  if (type !== "") return "http";
  if (field === "httpUrl") return "http";
  // Gemini CLI's `url` is SSE (`httpUrl` is streamable); Cline reads an untyped url as SSE.
  if ((host === "gemini-cli" || host === "cline") && field === "url") return "sse";
  return "http";
}

/**
 * The inverse of the adapters' toEntry, lenient about spelling: command + args (or OpenCode's command
 * list, goose's cmd), env / envs / environment, and url / serverUrl / httpUrl / uri / baseUrl with
 * headers / http_headers. Disabled and built-in entries are skipped with the reason.
 */
export function entryToServer(host: HostId, value: unknown): ImportedEntry {
  if (!isObject(value)) return skipped("not-object", "it is not an object");
  let entry: Record<string, unknown> = value;
  if (entry.disabled === true || entry.enabled === false)
    return skipped("disabled", `it is disabled in ${host}`, { host });
  if (entry.type === "builtin" || entry.bundled === true)
    return skipped("built-in", `it is built into ${host}`, { host });
  const notes: ImportNote[] = [];
  if (typeof entry.bearer_token_env_var === "string" || Array.isArray(entry.env_vars))
    notes.push({
      code: "env-vars",
      message:
        "it reads some values from the environment by name (env_vars, bearer_token_env_var): add them by hand",
    });
  if (Array.isArray(entry.env_keys) && entry.env_keys.length > 0)
    notes.push({
      code: "env-keys",
      message: "goose keeps some of its values (env_keys) in its own secret store: add them by hand",
    });

  const urlField = ["url", "serverUrl", "httpUrl", "uri", "baseUrl"].find(
    (f) => typeof entry[f] === "string",
  );
  if (urlField) {
    const url = entry[urlField] as string;
    if (!/^https?:\/\//i.test(url))
      return skipped("url-not-http", `its ${urlField} is not an http(s) URL`, { field: urlField });
    const headers = strings(entry.headers) ?? strings(entry.http_headers);
    return {
      server: { type: transport(host, entry, urlField), url, ...(headers ? { headers } : {}) },
      notes,
    };
  }

  let command: string | undefined;
  let args: string[] | undefined;
  const listed = stringList(entry.command);
  if (listed && listed.length > 0) [command, ...args] = listed as [string, ...string[]];
  else if (typeof entry.command === "string") command = entry.command;
  else if (typeof entry.cmd === "string") command = entry.cmd;
  else if (isObject(entry.command) && typeof entry.command.path === "string") {
    // Zed's older `"command": { "path", "args", "env" }`.
    command = entry.command.path;
    args = stringList(entry.command.args);
    entry = { ...entry, env: entry.command.env };
  }
  if (command === undefined || command === "")
    return skipped("no-command", "it has neither a command nor a url");
  args ??= stringList(entry.args);
  const env = strings(entry.env) ?? strings(entry.envs) ?? strings(entry.environment);
  const cwd = typeof entry.cwd === "string" && entry.cwd !== "" ? entry.cwd : undefined;
  return {
    server: {
      command,
      ...(args && args.length > 0 ? { args } : {}),
      ...(env ? { env } : {}),
      ...(cwd ? { cwd } : {}),
    },
    notes,
  };
}
