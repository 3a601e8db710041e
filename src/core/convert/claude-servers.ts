import type { ServerSet, ServerSpec, TokenProperty } from "../types.js";
import { CredentialSet, looksSecret } from "./inputs.js";
import { note, type ConvertNote } from "./notes.js";
import { claudeOAuth } from "./oauth.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;
const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The servers of a Claude Code `.mcp.json` (wrapped `{ mcpServers }` or flat) or a plugin's `mcpServers`. */
export function serversOf(json: unknown): Json {
  if (!isObject(json)) return {};
  return isObject(json["mcpServers"]) ? json["mcpServers"] : json;
}

/**
 * Claude Code's templates → ours: `${CLAUDE_PLUGIN_ROOT}` → `${PLUGIN_ROOT}`, `${user_config.x}` → the userConfig
 * credential, `${VAR}` and `${VAR:-default}` (read from the user's environment by Claude Code) → a credential.
 */
export function claudeServers(
  raw: Json,
  userConfig: Json,
  credentials: CredentialSet,
  notes: ConvertNote[],
  base = "/mcpServers",
): { servers: ServerSet; usesRoot: boolean } {
  const servers: ServerSet = {};
  let usesRoot = false;
  const fill = (value: string, at: string): string =>
    value.replace(/\$\{([^}]*)\}/g, (whole, ref: string) => {
      if (ref === "CLAUDE_PLUGIN_ROOT" || ref === "PLUGIN_ROOT") {
        usesRoot = true;
        return "${PLUGIN_ROOT}";
      }
      if (ref.startsWith("user_config.")) {
        const id = ref.slice("user_config.".length);
        const c = isObject(userConfig[id]) ? userConfig[id] : {};
        const prop: TokenProperty = {
          type: c["type"] === "number" ? "number" : c["type"] === "boolean" ? "boolean" : "string",
        };
        if (typeof c["description"] === "string") prop.description = c["description"];
        if (typeof c["title"] === "string") prop.title = c["title"];
        if (c["sensitive"] === true) prop.secret = true;
        if (typeof c["default"] === typeof (prop.type === "string" ? "" : prop.type === "number" ? 0 : true))
          prop.default = c["default"] as string;
        const key = credentials.add(id, prop, {
          required: c["required"] !== false && c["default"] === undefined,
          path: at,
        });
        return key ? `\${${key}}` : "";
      }
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::?-(.*))?$/.exec(ref);
      if (!m) {
        notes.push(
          note(
            "convert.template.unknown",
            at,
            `${whole} is not a template Connectory knows: written as "$ {${ref}}"`,
          ),
        );
        return `$ {${ref}}`;
      }
      const [, variable, fallback] = m;
      const prop: TokenProperty = { type: "string", secret: looksSecret(variable!) };
      if (fallback !== undefined && !(prop.secret && fallback === "")) prop.default = fallback;
      const key = credentials.add(variable!, prop, {
        required: fallback === undefined || prop.secret === true,
        path: at,
      });
      if (fallback === "" && prop.secret)
        notes.push(
          note(
            "convert.credential.required",
            at,
            `${variable} may be empty in Claude Code; a secret cannot have a default here, so it is required`,
          ),
        );
      return key ? `\${${key}}` : "";
    });
  for (const [name, value] of Object.entries(raw)) {
    const at = `${base}/${name}`;
    if (!isObject(value)) continue;
    const serverName = SERVER_NAME.test(name)
      ? name
      : name
          .replace(/[^A-Za-z0-9_.-]+/g, "-")
          .replace(/^[^A-Za-z0-9]+/, "")
          .slice(0, 64);
    if (!SERVER_NAME.test(serverName)) {
      notes.push(note("convert.server.dropped", at, `server name "${name}" cannot be made valid: left out`));
      continue;
    }
    if (serverName !== name)
      notes.push(note("convert.server.renamed", at, `server "${name}" is named "${serverName}"`));
    const server = one(value, at, fill, notes);
    if (server) servers[serverName] = server;
  }
  return { servers, usesRoot };
}

function one(
  value: Json,
  at: string,
  fill: (v: string, at: string) => string,
  notes: ConvertNote[],
): ServerSpec | undefined {
  const type = value["type"];
  const remote = type === "http" || type === "sse" || type === "streamable-http";
  const known = new Set([
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    ...(remote ? ["oauth"] : []),
  ]);
  const dropped = Object.keys(value).filter((k) => !known.has(k));
  if (dropped.length > 0)
    notes.push(
      note(
        "convert.field.dropped",
        at,
        `server fields ${dropped.join(", ")} have no place in mcp.json: left out`,
      ),
    );
  if (remote) {
    if (typeof value["url"] !== "string") {
      notes.push(note("convert.server.dropped", at, "a remote server without a url: left out"));
      return undefined;
    }
    const headers = strings(value["headers"], `${at}/headers`, fill, notes, false);
    return {
      type,
      url: fill(value["url"], `${at}/url`),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(value["oauth"] !== undefined && value["oauth"] !== null && value["oauth"] !== false
        ? { oauth: claudeOAuth(value["oauth"], `${at}/oauth`, notes) }
        : {}),
    };
  }
  if (type !== undefined && type !== "stdio") {
    notes.push(
      note(
        "convert.server.dropped",
        at,
        `server type ${JSON.stringify(type)} is not stdio, http or sse: left out`,
      ),
    );
    return undefined;
  }
  if (typeof value["command"] !== "string" || value["command"] === "") {
    notes.push(note("convert.server.dropped", at, "a stdio server without a command: left out"));
    return undefined;
  }
  const command = fill(value["command"], `${at}/command`);
  if (/\$\{(?!PLUGIN_ROOT\})/.test(command)) {
    notes.push(
      note(
        "convert.server.dropped",
        at,
        "the command uses a variable other than the plugin root, which a connector's command may not: left out",
      ),
    );
    return undefined;
  }
  const server: ServerSpec = { command };
  const args = Array.isArray(value["args"])
    ? value["args"].filter((a): a is string => typeof a === "string")
    : [];
  if (args.length > 0) server.args = args.map((a, i) => fill(a, `${at}/args/${i}`));
  const env = strings(value["env"], `${at}/env`, fill, notes, true);
  if (Object.keys(env).length > 0) server.env = env;
  if (typeof value["cwd"] === "string") server.cwd = fill(value["cwd"], `${at}/cwd`);
  return server;
}

function strings(
  raw: unknown,
  at: string,
  fill: (v: string, at: string) => string,
  notes: ConvertNote[],
  envNames: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(isObject(raw) ? raw : {})) {
    if (typeof v !== "string") continue;
    if (envNames && !ENV_NAME.test(k)) {
      notes.push(
        note("convert.env.renamed", `${at}/${k}`, `"${k}" cannot be an environment variable name: left out`),
      );
      continue;
    }
    out[k] = fill(v, `${at}/${k}`);
  }
  return out;
}
