import type { ValidateFunction } from "ajv/dist/2020.js";
import { ConnectoryError } from "../errors.js";
import { SERVER_NAME } from "../names.js";
import { joinableServerName } from "../tools/names.js";
import { parseTemplate } from "../templates.js";
import type { Problem, ServerSet, ServerSpec } from "../types.js";
import { MCP_SCHEMA_ID, schemasAjv } from "./ajv.js";
import { ajvProblems, error, pointer, warning, type AjvMapping } from "./problems.js";
import { isObject } from "../json-guards.js";
import {
  MCP_JSON_VERSION,
  V2_REMOTE_KEYS,
  V2_STDIO_KEYS,
  versionProblems,
  v2Problems,
} from "./mcp-version.js";

const SERVER_TYPES = ["stdio", "streamable-http", "http", "sse"];
const KNOWN: Record<string, string[]> = {
  stdio: ["type", "command", "args", "env", "cwd", ...V2_STDIO_KEYS],
  remote: ["type", "url", "headers", "oauth", ...V2_REMOTE_KEYS],
};

function mapping(file: string): AjvMapping {
  return {
    file,
    prefix: "mcp.server",
    // An alternative's fields are named as the server's own (`/alternatives/0/command` → command).
    fieldOf: (path) => (path[0] === "alternatives" && path.length > 2 ? path[2]! : (path[0] ?? "")),
    unknownKeys: "warning",
    messages: {
      "mcp.server.root.type": () =>
        "a server must be a JSON object with `command` (stdio) or `type` and `url` (remote)",
      "mcp.server.command.missing": () => 'a stdio server needs "command", e.g. "node" or "npx"',
      "mcp.server.url.missing": () => 'a remote server needs "url", e.g. "https://example.com/mcp"',
      "mcp.server.key.unknown": (e) =>
        `unknown server key "${String(e.params["additionalProperty"])}": stdio servers take command, args, env, cwd (and with "schemaVersion": 2 transport, package, inputNames, alternatives); remote servers take type, url, headers, oauth (and inputNames, alternatives)`,
    },
  };
}

/** Check an mcp.json document in either shape; servers holds every server without errors. */
export function validateServerSet(
  json: unknown,
  file = "mcp.json",
): { servers: ServerSet; problems: Problem[] } {
  const problems: Problem[] = [];
  const servers: ServerSet = {};
  if (!isObject(json)) {
    problems.push(
      error(
        "mcp.root.type",
        file,
        "",
        `${file} must be a JSON object: { "mcpServers": { "<name>": { … } } }`,
      ),
    );
    return { servers, problems };
  }
  let entries: Record<string, unknown> = json;
  let base = "";
  const version = versionProblems(json, file);
  problems.push(...version.problems);
  if ("mcpServers" in json) {
    for (const key of Object.keys(json)) {
      if (key !== "mcpServers" && key !== "$schema" && key !== "schemaVersion") {
        problems.push(
          warning(
            "mcp.key.unknown",
            file,
            pointer("", key),
            `unknown key "${key}": mcp.json holds only "mcpServers", "schemaVersion" and "$schema"`,
          ),
        );
      }
    }
    if (!isObject(json["mcpServers"])) {
      problems.push(
        error(
          "mcp.mcpServers.type",
          file,
          "/mcpServers",
          '"mcpServers" must be an object of servers by name',
        ),
      );
      return { servers, problems };
    }
    entries = json["mcpServers"];
    base = "/mcpServers";
  }
  const validate = schemasAjv().getSchema(`${MCP_SCHEMA_ID}#/$defs/server`);
  if (!validate) throw new Error("mcp.schema.json is not registered");
  for (const [name, server] of Object.entries(entries)) {
    if (base === "" && (name === "$schema" || name === "schemaVersion")) continue;
    const at = pointer(base, name);
    const found: Problem[] = [];
    if (!SERVER_NAME.test(name)) {
      found.push(
        error(
          "mcp.server.name.invalid",
          file,
          at,
          `server name "${name}" must be 1–64 letters, digits, "_", "-" or ".", starting with a letter or digit`,
        ),
      );
    }
    const unjoinable = SERVER_NAME.test(name) ? joinableServerName(name) : undefined;
    if (unjoinable) found.push(error("mcp.server.name.separator", file, at, unjoinable));
    found.push(...serverProblems(server, at, file, validate));
    if (isObject(server) && !found.some((p) => p.severity === "error"))
      found.push(...v2Problems(server, at, file, version.version));
    problems.push(...found);
    if (isObject(server) && !found.some((p) => p.severity === "error")) servers[name] = knownKeys(server);
  }
  return { servers, problems };
}

function serverProblems(server: unknown, at: string, file: string, validate: ValidateFunction): Problem[] {
  const type = isObject(server) ? server["type"] : undefined;
  if (isObject(server) && type !== undefined && !SERVER_TYPES.includes(type as string)) {
    return [
      error(
        "mcp.server.type.unknown",
        file,
        `${at}/type`,
        `type ${JSON.stringify(type)} is not a server type: use "stdio" (or leave it out) for a command, or "streamable-http", "http" or "sse" for a URL`,
      ),
    ];
  }
  if (isObject(server) && type === undefined && "url" in server && !("command" in server)) {
    return [
      error(
        "mcp.server.type.missing",
        file,
        `${at}/type`,
        'a server with "url" is remote and needs "type": "streamable-http", "http" or "sse"',
      ),
    ];
  }
  validate(server);
  const problems = ajvProblems(validate.errors, mapping(file), at);
  if (isObject(server) && typeof server["url"] === "string")
    problems.push(...urlProblems(server["url"], `${at}/url`, file));
  // The schema checked each alternative as a server; the URL rules are code, so they run here.
  if (isObject(server) && Array.isArray(server["alternatives"]))
    server["alternatives"].forEach((alt, i) => {
      if (isObject(alt) && typeof alt["url"] === "string")
        problems.push(...urlProblems(alt["url"], `${at}/alternatives/${i}/url`, file));
    });
  return problems;
}

/** The URL with its templates filled by a placeholder must be an absolute http(s) URL. */
function urlProblems(url: string, at: string, file: string): Problem[] {
  const parsed = parseTemplate(url);
  if ("invalid" in parsed) return []; // reported by the template check
  const filled = parsed.parts.map((p) => ("text" in p ? p.text : "x")).join("");
  let u: URL;
  try {
    u = new URL(filled);
  } catch {
    return [
      error(
        "mcp.server.url.invalid",
        file,
        at,
        "url must be an absolute http(s) URL starting with its scheme, e.g. https://example.com/mcp (templates may fill the host, path or query)",
      ),
    ];
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") {
    return [
      error(
        "mcp.server.url.invalid",
        file,
        at,
        `url must use https (or http), not ${u.protocol.slice(0, -1)}`,
      ),
    ];
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
  if (u.protocol === "http:" && !loopback) {
    return [
      warning(
        "mcp.server.url.insecure",
        file,
        at,
        "url uses plain http to a remote host: use https so credentials are not sent in clear",
      ),
    ];
  }
  return [];
}

function knownKeys(server: Record<string, unknown>): ServerSpec {
  const remote = server["type"] !== undefined && server["type"] !== "stdio";
  const keep = KNOWN[remote ? "remote" : "stdio"]!;
  const out = Object.fromEntries(Object.entries(server).filter(([k]) => keep.includes(k)));
  // An MCPB launch may leave `command` to its bundle: "" in memory, so every reader still sees a string.
  if (!remote && typeof out["command"] !== "string") out["command"] = "";
  if (Array.isArray(out["alternatives"]))
    out["alternatives"] = out["alternatives"].filter(isObject).map(knownKeys);
  return out as unknown as ServerSpec;
}

export { MCP_JSON_VERSION };

/** Parse an mcp.json document in either shape (`{mcpServers:{…}}` or flat); throws ConnectoryError with problems. Unknown keys are dropped. */
export function parseServerSet(json: unknown, file = "mcp.json"): ServerSet {
  const { servers, problems } = validateServerSet(json, file);
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    throw new ConnectoryError(
      "mcp.invalid",
      `${file} has ${errors.length} problem${errors.length === 1 ? "" : "s"}: ${errors[0]!.message}${errors.length > 1 ? " (and more)" : ""}`,
      {
        // Every problem travels with the error (the CLI lists them, HTTP returns them as `errors`).
        hint: `Fix ${file}: each problem names the JSON path to change.`,
        problems,
      },
    );
  }
  return servers;
}

/**
 * A package's `command` names its program in one spelling: no `.` or `..` segment (`/tmp/../bin/node`,
 * `${PLUGIN_ROOT}/../x`), which the sandbox would otherwise resolve to another folder than the one shown.
 * Checked at publish (hand-written servers may run `./server` from their folder).
 */
export function commandPathProblems(servers: ServerSet, file = "mcp.json"): Problem[] {
  const problems: Problem[] = [];
  for (const [name, spec] of Object.entries(servers)) {
    if (!("command" in spec) || typeof spec.command !== "string") continue;
    if (!spec.command.includes("/")) continue;
    if (spec.command.split("/").some((s) => s === "." || s === ".."))
      problems.push(
        error(
          "mcp.server.command.dot-segment",
          file,
          `/mcpServers/${name.replaceAll("~", "~0").replaceAll("/", "~1")}/command`,
          `command ${JSON.stringify(spec.command.slice(0, 200))} has a "." or ".." segment: name the program by its own path (e.g. "/usr/bin/node", "\${PLUGIN_ROOT}/bin/server") or by name ("node")`,
        ),
      );
  }
  return problems;
}
