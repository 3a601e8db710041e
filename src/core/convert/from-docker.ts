import { parseDocument } from "yaml";
import type { ServerSpec, TokenProperty } from "../types.js";
import { buildPackage } from "./build-package.js";
import { CredentialSet } from "./inputs.js";
import { connectorName, toConnectorName, toCredentialKey } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { scopeList } from "./oauth.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const MAX_YAML = 1024 * 1024;

/** Parse a server.yaml text; a refusal when it is not a YAML mapping. */
export function parseDockerYaml(text: string): { value: Json } | { refusal: Conversion } {
  if (text.length > MAX_YAML)
    return { refusal: refuse("convert.refused.too-large", `server.yaml is over ${MAX_YAML} bytes`) };
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      refusal: refuse(
        "convert.refused.not-yaml",
        `server.yaml is not valid YAML: ${doc.errors[0]!.message.split("\n")[0]}`,
      ),
    };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    return {
      refusal: refuse("convert.refused.not-yaml", `server.yaml cannot be read: ${(e as Error).message}`),
    };
  }
  return isObject(value)
    ? { value }
    : {
        refusal: refuse(
          "convert.refused.shape",
          "server.yaml must be a mapping with name, type and image or remote",
        ),
      };
}

/**
 * One Docker MCP catalog entry (servers/<name>/server.yaml, and its tools.json when present) → connector.
 * A `server` runs as `docker run -i --rm [-e …] [-v …] <image> [command…]`; a `remote` is reached at its URL.
 * `{{server.param}}` references become credentials from config.parameters; config.secrets are secret credentials.
 */
export function fromDockerServer(text: string, tools?: unknown, options: ConvertOptions = {}): Conversion {
  const parsed = parseDockerYaml(text);
  if ("refusal" in parsed) return parsed.refusal;
  const entry = parsed.value;
  const notes: ConvertNote[] = [];
  const upstreamName = str(entry["name"]);
  if (!upstreamName) return refuse("convert.refused.shape", 'server.yaml has no "name"');
  const name = connectorName(upstreamName, notes);
  if (!name) return nameRefusal(upstreamName, notes);
  const type = str(entry["type"]);
  const config = isObject(entry["config"]) ? entry["config"] : {};
  const credentials = new CredentialSet(notes);
  const params = parameters(config);
  const fill = (value: string, at: string): string =>
    value.replaceAll("${", "$ {").replace(/\{\{\s*([^}|\s]+)\s*(?:\|[^}]*)?\}\}/g, (_, ref: string) => {
      const param = ref.includes(".") ? ref.slice(ref.indexOf(".") + 1) : ref;
      const declared = params.properties[param];
      if (!declared)
        notes.push(
          note(
            "convert.template.unknown",
            at,
            `{{${ref}}} is not among config.parameters: declared as a text credential`,
          ),
        );
      const key = credentials.add(param, declared ?? { type: "string" }, {
        required: params.required.includes(param) || !declared,
        path: at,
      });
      return key ? `\${${key}}` : "";
    });

  let server: ServerSpec;
  if (type === "remote") {
    const remote = isObject(entry["remote"]) ? entry["remote"] : {};
    const url = str(remote["url"]);
    if (!url)
      return refuse(
        "convert.refused.no-server",
        `remote entry "${upstreamName}" has no remote.url`,
        notes,
        upstreamName,
      );
    const transport = str(remote["transport_type"]);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(isObject(remote["headers"]) ? remote["headers"] : {}))
      if (typeof v === "string") headers[k] = fill(v, `/remote/headers/${k}`);
    server = {
      type: transport === "sse" ? "sse" : "streamable-http",
      url: fill(url, "/remote/url"),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  } else if (type === "server" || (type === undefined && typeof entry["image"] === "string")) {
    const image = str(entry["image"]);
    if (!image)
      return refuse(
        "convert.refused.no-server",
        `server entry "${upstreamName}" has no image`,
        notes,
        upstreamName,
      );
    server = dockerRun(image, entry, config, credentials, fill, notes);
  } else if (type === "poci") {
    return refuse(
      "convert.refused.not-a-connector",
      `"${upstreamName}" is a tool container (type poci): each tool runs its own container per call, which is not an MCP server a connector can launch`,
      notes,
      upstreamName,
    );
  } else
    return refuse(
      "convert.refused.shape",
      `"${upstreamName}" has type ${JSON.stringify(type)}: expected server or remote`,
      notes,
      upstreamName,
    );

  const signIns = list(entry["oauth"]).filter(isObject);
  if (signIns.length > 0 && "url" in server) {
    // A remote server Docker signs in to: it signs in with OAuth here too (`connectory auth`), discovering the
    // rest from the server. Docker's provider name and the secret it stores the token under do not map.
    const scopes = signIns.flatMap((o, i) => scopeList(o["scopes"], `/oauth/${i}/scopes`, notes));
    server.oauth = scopes.length > 0 ? { scopes: [...new Set(scopes)].slice(0, 32) } : {};
    notes.push(
      note(
        "convert.oauth.mapped",
        "/oauth",
        `Docker signs in with ${signIns.map((o) => str(o["provider"]) ?? "OAuth").join(", ")}: the remote server signs in with OAuth (connectory auth); the provider and its token secret are kept in provenance.json only`,
      ),
    );
  } else
    for (const [i, o] of list(entry["oauth"]).entries()) {
      if (!isObject(o)) continue;
      notes.push(
        note(
          "convert.oauth.manual",
          `/oauth/${i}`,
          `Docker signs in with ${str(o["provider"]) ?? "OAuth"}; Connectory asks for ${str(o["env"]) ?? "the token"} as a credential instead`,
        ),
      );
    }
  const about = isObject(entry["about"]) ? entry["about"] : {};
  const meta = isObject(entry["meta"]) ? entry["meta"] : {};
  const source = isObject(entry["source"]) ? entry["source"] : {};
  const project = str(source["project"]);
  const owner = project ? /github\.com\/([^/]+)/.exec(project)?.[1] : undefined;
  const commit = str(source["commit"]);
  const extra: Json = {};
  for (const key of ["about", "source", "run", "dynamic", "longLived", "requirement", "oauth", "meta"])
    if (entry[key] !== undefined) extra[key] = entry[key];
  if (str(about["icon"]))
    notes.push(
      note(
        "convert.field.dropped",
        "/about/icon",
        "the icon is a URL; a package icon must be a file in the package: kept in provenance.json",
      ),
    );
  const version =
    commit && /^[0-9a-f]{7,40}$/.test(commit) ? `0.0.0-docker.g${commit.slice(0, 12)}` : "0.0.0-docker";
  notes.push(
    note("convert.version.mapped", "", `the Docker catalog has no versions: versioned "${version}"`),
  );
  const draft: Draft = {
    name,
    version,
    publisher: options.publisher ?? (owner ? toConnectorName(owner) : undefined) ?? "docker-mcp-catalog",
    tags: [str(meta["category"]), ...list(meta["tags"])].filter((t): t is string => typeof t === "string"),
    servers: { [name]: server },
    credentials: credentials.properties,
    required: credentials.required,
    provenance: {
      format: "docker-catalog",
      upstreamName,
      ...(commit ? { upstreamVersion: commit } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      extra,
    },
  };
  const title = str(about["title"]);
  const description = str(about["description"]);
  if (title) draft.displayName = title;
  if (description) draft.description = description;
  if (project) draft.repository = project;
  const result = buildPackage(draft, notes);
  if (!result.ok) return result;
  const listed = toolList(tools, name);
  if (listed.length > 0) {
    notes.push(
      note(
        "convert.tools.reported",
        "",
        `${listed.length} tools from tools.json are kept as the publisher's report`,
      ),
    );
    return { ...result, tools: listed };
  }
  return result;
}

function parameters(config: Json): { properties: Record<string, TokenProperty>; required: string[] } {
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

function dockerRun(
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
function envName(upstream: string, at: string, notes: ConvertNote[]): string | undefined {
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

function toolList(raw: unknown, server: string): NonNullable<Extract<Conversion, { ok: true }>["tools"]> {
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
