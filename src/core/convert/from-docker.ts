import { parseDocument } from "yaml";
import type { ServerSpec } from "../types.js";
import { buildPackage } from "./build-package.js";
import { CredentialSet } from "./inputs.js";
import { connectorName, toConnectorName } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { scopeList } from "./oauth.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";
import { isObject } from "../json-guards.js";
import { dockerRun, parameters, toolList } from "./docker-launch.js";

type Json = Record<string, unknown>;
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
    // Docker reads an argument starting with "-" before the image as an option: `-v/:/host` as an
    // image would mount the host's root. Refused, not converted.
    if (image.startsWith("-"))
      return refuse(
        "convert.refused.shape",
        `server entry "${upstreamName}" names the image "${image.slice(0, 60)}", which docker would read as an option`,
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
