import { ConnectoryError } from "./errors.js";
import { isRemote, type Credentials, type ServerSet, type ServerSpec } from "./types.js";

/** The installed version folder; the one template besides token-schema keys, and the only one `command` may use. */
export const PLUGIN_ROOT = "PLUGIN_ROOT";
export const TEMPLATE_KEY = /^[A-Z][A-Z0-9_]*$/;

/** A string split into literal text and `${KEY}` references. */
export type TemplatePart = { text: string } | { key: string };

/** Parse the `${KEY}` templates of one string, or say why a `${` in it is not a valid template. */
export function parseTemplate(value: string): { parts: TemplatePart[] } | { invalid: string } {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (let open = value.indexOf("${"); open !== -1; open = value.indexOf("${", at)) {
    if (open > at) parts.push({ text: value.slice(at, open) });
    const close = value.indexOf("}", open + 2);
    if (close === -1) return { invalid: `"\${" is never closed: write \${KEY} with a closing "}"` };
    const key = value.slice(open + 2, close);
    if (!TEMPLATE_KEY.test(key)) return { invalid: whyInvalid(key) };
    parts.push({ key });
    at = close + 1;
  }
  if (at < value.length) parts.push({ text: value.slice(at) });
  return { parts };
}

function whyInvalid(key: string): string {
  if (key === "") return `"\${}" names no key: write \${KEY}`;
  if (/^[A-Za-z_][A-Za-z0-9_]*(:?[-=?+])/.test(key)) {
    return `"\${${key}}" uses shell default syntax, which is not supported: write \${${key.split(/:?[-=?+]/)[0]}} and give the key a "default" in token-schema.json`;
  }
  return `"\${${key}}" is not a valid template: keys are upper-case letters, digits and "_", starting with a letter (^[A-Z][A-Z0-9_]*$)`;
}

/** Where a server string sits, for templates: `command` may only use PLUGIN_ROOT, `name`s may use none. */
export type FieldRole = "command" | "value" | "url" | "name";

/** One string of a server with its JSON Pointer below the server, e.g. `/args/0`, `/headers/Authorization`. */
export interface ServerField {
  path: string;
  role: FieldRole;
  value: string;
}

const escape = (s: string): string => s.replaceAll("~", "~0").replaceAll("/", "~1");

/** Every string of a server that templates could touch, in file order. */
export function serverFields(server: ServerSpec): ServerField[] {
  const fields: ServerField[] = [];
  const record = (base: string, map: Record<string, string> | undefined): void => {
    for (const [name, value] of Object.entries(map ?? {})) {
      fields.push({ path: `/${base}/${escape(name)}`, role: "name", value: name });
      fields.push({ path: `/${base}/${escape(name)}`, role: "value", value });
    }
  };
  if (isRemote(server)) {
    fields.push({ path: "/url", role: "url", value: server.url });
    record("headers", server.headers);
  } else {
    // An MCPB launch may have no command of its own (mcp.json 2): its bundle names it.
    if (typeof server.command === "string")
      fields.push({ path: "/command", role: "command", value: server.command });
    (server.args ?? []).forEach((value, i) => fields.push({ path: `/args/${i}`, role: "value", value }));
    record("env", server.env);
    if (server.cwd !== undefined) fields.push({ path: "/cwd", role: "value", value: server.cwd });
    if (server.transport !== undefined)
      fields.push({ path: "/transport/url", role: "url", value: server.transport.url });
  }
  // mcp.json 2: every alternative's fields follow the same rules, at their own paths.
  (server.alternatives ?? []).forEach((alt, i) =>
    fields.push(...serverFields(alt).map((f) => ({ ...f, path: `/alternatives/${i}${f.path}` }))),
  );
  return fields;
}

/** The outcome of rendering a server set: every template filled, or the keys still missing. */
export type RenderResult =
  | { status: "ok"; servers: ServerSet; secretValues: string[] }
  | { status: "needs-credentials"; missing: string[] };

/**
 * Fill `${KEY}` from credentials and `${PLUGIN_ROOT}` from pluginRoot, literally (a value containing `${X}` stays
 * as typed). Never returns a half-rendered `${…}`: any key absent from credentials makes it `needs-credentials`.
 * secretValues lists the values of the secret keys used plus every rendered URL that contains one, for redact().
 * secretKeys names the secret keys (see secretKeys(schema)); when omitted, every credential key counts as secret.
 * Throws ConnectoryError `template.invalid` / `template.command` for templates validatePackage rejects.
 */
export function renderServers(
  servers: ServerSet,
  credentials: Credentials,
  pluginRoot: string,
  secretKeys?: readonly string[],
): RenderResult {
  const isSecret = (key: string): boolean => key !== PLUGIN_ROOT && (secretKeys?.includes(key) ?? true);
  const missing = new Set<string>();
  const secrets = new Set<string>();
  const rendered: ServerSet = {};

  for (const [name, server] of Object.entries(servers)) {
    const render = (value: string, role: FieldRole, path: string): string => {
      const parsed = parseTemplate(value);
      if ("invalid" in parsed) {
        throw new ConnectoryError("template.invalid", `server "${name}" ${path}: ${parsed.invalid}`, {
          hint: "Run `connectory validate` on the package and fix its mcp.json.",
        });
      }
      let out = "";
      let secret = false;
      for (const part of parsed.parts) {
        if ("text" in part) {
          out += part.text;
          continue;
        }
        if (role === "command" && part.key !== PLUGIN_ROOT) {
          throw new ConnectoryError(
            "template.command",
            `server "${name}": command may only use \${PLUGIN_ROOT}`,
            {
              hint: "Pass credentials through args or env instead.",
            },
          );
        }
        const v = part.key === PLUGIN_ROOT ? pluginRoot : credentials[part.key];
        if (v === undefined) {
          missing.add(part.key);
          continue;
        }
        out += String(v);
        if (isSecret(part.key)) {
          secret = true;
          if (String(v) !== "") secrets.add(String(v));
        }
      }
      if (secret && role === "url") secrets.add(out);
      return out;
    };
    rendered[name] = renderServer(server, render);
  }
  if (missing.size > 0) return { status: "needs-credentials", missing: [...missing].sort() };
  return { status: "ok", servers: rendered, secretValues: [...secrets].sort((a, b) => b.length - a.length) };
}

type Render = (value: string, role: FieldRole, path: string) => string;

function renderRecord(map: Record<string, string>, base: string, render: Render): Record<string, string> {
  return Object.fromEntries(
    Object.entries(map).map(([k, v]) => [k, render(v, "value", `/${base}/${escape(k)}`)]),
  );
}

function renderServer(server: ServerSpec, render: Render): ServerSpec {
  if (isRemote(server)) {
    const { alternatives: _alternatives, ...launch } = server;
    return {
      ...launch,
      url: render(server.url, "url", "/url"),
      ...(server.headers ? { headers: renderRecord(server.headers, "headers", render) } : {}),
    };
  }
  // Alternatives are chosen before rendering (src/core/launch/pick-launch.ts): none is rendered here.
  const { alternatives: _alternatives, ...launch } = server;
  return {
    ...launch,
    command: render(server.command, "command", "/command"),
    ...(server.args ? { args: server.args.map((a, i) => render(a, "value", `/args/${i}`)) } : {}),
    ...(server.env ? { env: renderRecord(server.env, "env", render) } : {}),
    ...(server.cwd !== undefined ? { cwd: render(server.cwd, "value", "/cwd") } : {}),
    ...(server.transport
      ? { transport: { ...server.transport, url: render(server.transport.url, "url", "/transport/url") } }
      : {}),
  };
}
