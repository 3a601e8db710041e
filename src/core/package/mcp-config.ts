import type { ValidateFunction } from "ajv/dist/2020.js";
import { ConnectoryError } from "../errors.js";
import { SERVER_NAME } from "../names.js";
import { parseTemplate } from "../templates.js";
import type { Problem, ServerSet, ServerSpec } from "../types.js";
import { MCP_SCHEMA_ID, schemasAjv } from "./ajv.js";
import { ajvProblems, error, pointer, warning, type AjvMapping } from "./problems.js";

const SERVER_TYPES = ["stdio", "streamable-http", "http", "sse"];
const KNOWN: Record<string, string[]> = {
  stdio: ["type", "command", "args", "env", "cwd"],
  remote: ["type", "url", "headers", "oauth"],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mapping(file: string): AjvMapping {
  return {
    file,
    prefix: "mcp.server",
    fieldOf: (path) => path[0] ?? "",
    unknownKeys: "warning",
    messages: {
      "mcp.server.root.type": () =>
        "a server must be a JSON object with `command` (stdio) or `type` and `url` (remote)",
      "mcp.server.command.missing": () => 'a stdio server needs "command", e.g. "node" or "npx"',
      "mcp.server.url.missing": () => 'a remote server needs "url", e.g. "https://example.com/mcp"',
      "mcp.server.key.unknown": (e) =>
        `unknown server key "${String(e.params["additionalProperty"])}": stdio servers take command, args, env, cwd; remote servers take type, url, headers, oauth`,
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
  if ("mcpServers" in json) {
    for (const key of Object.keys(json)) {
      if (key !== "mcpServers" && key !== "$schema") {
        problems.push(
          warning(
            "mcp.key.unknown",
            file,
            pointer("", key),
            `unknown key "${key}": mcp.json holds only "mcpServers"`,
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
    if (base === "" && name === "$schema") continue;
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
    found.push(...serverProblems(server, at, file, validate));
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
  return Object.fromEntries(
    Object.entries(server).filter(([k]) => keep.includes(k)),
  ) as unknown as ServerSpec;
}

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
