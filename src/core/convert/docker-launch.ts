import type { ServerSpec, TokenProperty } from "../types.js";
import { CredentialSet } from "./inputs.js";
import { toCredentialKey } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { type Conversion } from "./types.js";
import { isObject } from "../json-guards.js";

// The parts of a Docker MCP catalog entry (from-docker.ts) that become the launch: its `config.parameters`
// as credentials, `docker run` with secrets and env, and the tools.json list.

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function parameters(config: Json): { properties: Record<string, TokenProperty>; required: string[] } {
  const p = isObject(config["parameters"]) ? config["parameters"] : {};
  const properties: Record<string, TokenProperty> = {};
  for (const [key, raw] of Object.entries(isObject(p["properties"]) ? p["properties"] : {})) {
    if (!isObject(raw)) continue;
    const t = raw["type"];
    const type = t === "number" || t === "integer" || t === "boolean" ? t : "string";
    const prop: TokenProperty = { type };
    if (typeof raw["description"] === "string") prop.description = raw["description"];
    const d = raw["default"];
    if (typeof d === (type === "integer" ? "number" : type)) prop.default = d as string | number | boolean;
    if (Array.isArray(raw["enum"]) && type === "string")
      prop.enum = raw["enum"].filter((e): e is string => typeof e === "string");
    properties[key] = prop;
  }
  return { properties, required: list(p["required"]).filter((r): r is string => typeof r === "string") };
}

export function dockerRun(
  image: string,
  entry: Json,
  config: Json,
  credentials: CredentialSet,
  fill: (value: string, at: string) => string,
  notes: ConvertNote[],
): ServerSpec {
  const run = isObject(entry["run"]) ? entry["run"] : {};
  const env: Record<string, string> = {};
  for (const [i, s] of list(config["secrets"]).entries()) {
    if (!isObject(s) || typeof s["env"] !== "string") continue;
    const prop: TokenProperty = { type: "string", secret: true };
    if (typeof s["description"] === "string") prop.description = s["description"];
    if (typeof s["example"] === "string") prop.examples = [s["example"]];
    const name = envName(s["env"], `/config/secrets/${i}`, notes);
    const key = name
      ? credentials.add(name, prop, { required: true, path: `/config/secrets/${i}` })
      : undefined;
    if (name && key) env[name] = `\${${key}}`;
  }
  for (const [i, e] of list(config["env"]).entries()) {
    if (!isObject(e) || typeof e["name"] !== "string") continue;
    const at = `/config/env/${i}`;
    const name = envName(str(e["env"]) ?? e["name"], at, notes);
    if (!name) continue;
    if (typeof e["value"] === "string") env[name] = fill(e["value"], at);
    else {
      const prop: TokenProperty = { type: "string" };
      if (typeof e["example"] === "string") prop.examples = [e["example"]];
      const key = credentials.add(name, prop, {
        required: e["required"] === true,
        path: at,
        inferSecret: true,
      });
      if (key) env[name] = `\${${key}}`;
    }
  }
  for (const [k, v] of Object.entries(isObject(run["env"]) ? run["env"] : {}))
    if (typeof v === "string") env[k] = fill(v, `/run/env/${k}`);
  const args = ["run", "-i", "--rm"];
  for (const k of Object.keys(env)) args.push("-e", k);
  for (const [i, v] of list(run["volumes"]).entries()) {
    if (typeof v !== "string") continue;
    args.push("-v", fill(v, `/run/volumes/${i}`));
    if (!v.startsWith("{{"))
      notes.push(note("convert.docker.volume", `/run/volumes/${i}`, `the volume ${v} is mounted as written`));
  }
  if (typeof run["user"] === "string") args.push("--user", fill(run["user"], "/run/user"));
  if (run["disableNetwork"] === true) args.push("--network", "none");
  if (list(run["allowHosts"]).length > 0)
    notes.push(
      note(
        "convert.docker.option",
        "/run/allowHosts",
        "Docker's host allow-list is not enforced by a plain docker run: the container reaches any host",
      ),
    );
  if (run["ports"] !== undefined)
    notes.push(
      note(
        "convert.docker.option",
        "/run/ports",
        "published ports are left out: the server is reached over stdio",
      ),
    );
  args.push(image);
  for (const [i, c] of list(run["command"]).entries())
    if (typeof c === "string") args.push(fill(c, `/run/command/${i}`));
  if (config["volumes"] !== undefined)
    notes.push(
      note("convert.docker.option", "/config/volumes", "config.volumes is kept in provenance.json only"),
    );
  return Object.keys(env).length > 0 ? { command: "docker", args, env } : { command: "docker", args };
}

/** An environment variable name the package format accepts (`^[A-Za-z_][A-Za-z0-9_]*$`). */
export function envName(upstream: string, at: string, notes: ConvertNote[]): string | undefined {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(upstream)) return upstream;
  const name = toCredentialKey(upstream);
  notes.push(
    note(
      "convert.env.renamed",
      at,
      name
        ? `the environment variable "${upstream}" is set as ${name}`
        : `"${upstream}" cannot be an environment variable name: left out`,
    ),
  );
  return name;
}

export function toolList(
  raw: unknown,
  server: string,
): NonNullable<Extract<Conversion, { ok: true }>["tools"]> {
  return list(raw).flatMap((t) => {
    if (!isObject(t) || typeof t["name"] !== "string") return [];
    const tool: { name: string; server: string; description?: string; inputSchema: Record<string, unknown> } =
      {
        name: t["name"],
        server,
        inputSchema: isObject(t["inputSchema"]) ? t["inputSchema"] : { type: "object" },
      };
    if (typeof t["description"] === "string") tool.description = t["description"];
    return [tool];
  });
}
