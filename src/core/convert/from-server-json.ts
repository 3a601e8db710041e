import type { ServerSpec, TokenProperty } from "../types.js";
import { buildPackage } from "./build-package.js";
import { CredentialSet, isPlaceholder, literal, replaceBraces } from "./inputs.js";
import { connectorName, toConnectorName, toCredentialKey, version } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Older dated schemas (2025-07-09 and before) spell keys in snake_case and name packages differently. */
function camel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camel);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const key =
      k.startsWith("_") || k.startsWith("$") ? k : k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    // Keys that hold names chosen by people (variables, _meta) keep their spelling.
    out[key] = key === "variables" || key === "_meta" ? v : camel(v);
  }
  if (out["registryName"] !== undefined && out["registryType"] === undefined)
    out["registryType"] = out["registryName"];
  if (out["registryType"] !== undefined && out["identifier"] === undefined && typeof out["name"] === "string")
    out["identifier"] = out["name"];
  if (typeof out["transport"] === "string") out["transport"] = { type: out["transport"] };
  return out;
}

/** The publisher from the reverse-DNS namespace: `io.github.<owner>` → owner, `com.cloudflare` → cloudflare. */
export function publisherOf(upstream: string): string | undefined {
  const namespace = upstream.includes("/") ? upstream.slice(0, upstream.indexOf("/")) : upstream;
  const labels = namespace.split(".");
  const github = labels[1] === "github" || labels[1] === "gitlab";
  const label = github ? labels.slice(2).join("-") : (labels[1] ?? labels[0] ?? "");
  return toConnectorName(label);
}

/**
 * One official-registry `server.json` entry (or a `{ server, _meta }` item of /v0.1/servers) → connector.
 * packages[] and remotes[] are alternatives: the first package that runs over stdio from npm, PyPI, OCI or NuGet
 * is chosen, else the first remote; the others are kept verbatim in provenance.
 */
export function fromServerJson(input: unknown, options: ConvertOptions = {}): Conversion {
  const notes: ConvertNote[] = [];
  const wrapped = isObject(input) && isObject(input["server"]) ? input : undefined;
  const entry = camel(wrapped ? wrapped["server"] : input);
  if (!isObject(entry) || typeof entry["name"] !== "string")
    return refuse("convert.refused.shape", 'not a server.json entry: an object with "name" is needed');
  const upstreamName = entry["name"];
  const tail = upstreamName.includes("/")
    ? upstreamName.slice(upstreamName.lastIndexOf("/") + 1)
    : upstreamName;
  const name = connectorName(tail, notes);
  if (name === undefined) return nameRefusal(upstreamName, notes);
  const publisher = options.publisher ?? publisherOf(upstreamName) ?? name;

  const credentials = new CredentialSet(notes);
  const alternatives = [
    ...list(entry["packages"]).map((p, i) => ({ at: `/packages/${i}`, kind: "package" as const, value: p })),
    ...list(entry["remotes"]).map((r, i) => ({ at: `/remotes/${i}`, kind: "remote" as const, value: r })),
  ];
  let chosen: { at: string; server: ServerSpec } | undefined;
  for (const alt of alternatives) {
    const why = alt.kind === "package" ? unsupportedPackage(alt.value) : unsupportedRemote(alt.value);
    if (why !== undefined) {
      notes.push(note("convert.alternative.unsupported", alt.at, why));
      continue;
    }
    if (chosen) continue;
    chosen = {
      at: alt.at,
      server:
        alt.kind === "package"
          ? packageServer(alt.value, alt.at, credentials, notes)
          : remoteServer(alt.value, alt.at, credentials, notes),
    };
  }
  if (!chosen)
    return refuse(
      "convert.refused.no-server",
      alternatives.length === 0
        ? `"${upstreamName}" lists no packages and no remotes: there is nothing to run`
        : `none of the ${alternatives.length} packages/remotes of "${upstreamName}" can be run by Connectory (see the notes)`,
      notes,
      upstreamName,
    );
  const others = alternatives.filter((a) => a.at !== chosen.at);
  if (others.length > 0)
    notes.push(
      note(
        "convert.alternative.skipped",
        "",
        `${chosen.at.slice(1)} was chosen; ${others.map((o) => o.at.slice(1)).join(", ")} kept in provenance.json`,
      ),
    );

  const repository = isObject(entry["repository"]) ? str(entry["repository"]["url"]) : undefined;
  const extra: Json = {};
  for (const key of ["icons", "_meta", "$schema"]) if (entry[key] !== undefined) extra[key] = entry[key];
  if (wrapped && wrapped["_meta"] !== undefined) extra["registryMeta"] = wrapped["_meta"];
  if (entry["icons"] !== undefined)
    notes.push(
      note(
        "convert.field.dropped",
        "/icons",
        "icons are URLs; a package icon must be a file in the package: kept in provenance.json",
      ),
    );
  const draft: Draft = {
    name,
    version: version(str(entry["version"]), notes),
    publisher,
    tags: [],
    servers: { [name]: chosen.server },
    credentials: credentials.properties,
    required: credentials.required,
    provenance: {
      format: "server-json",
      upstreamName,
      ...(str(entry["version"]) ? { upstreamVersion: str(entry["version"])! } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      chosen: chosen.at.slice(1),
      ...(others.length > 0 ? { alternatives: others.map((o) => ({ at: o.at.slice(1), ...o.value })) } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    },
  };
  const description = str(entry["description"]);
  const title = str(entry["title"]);
  const website = str(entry["websiteUrl"]);
  if (description !== undefined) draft.description = description;
  if (title !== undefined) draft.displayName = title;
  if (website !== undefined) draft.homepage = website;
  if (repository !== undefined) draft.repository = repository;
  return buildPackage(draft, notes);
}

const RUNNERS: Record<string, true> = { npm: true, pypi: true, oci: true, nuget: true };

function unsupportedPackage(p: Json): string | undefined {
  const type = str(p["registryType"]);
  const transport = isObject(p["transport"]) ? str(p["transport"]["type"]) : "stdio";
  if (!type || !RUNNERS[type])
    return `a ${type ?? "untyped"} package cannot be launched by a command (Connectory runs npm, pypi, oci and nuget packages)`;
  if (typeof p["identifier"] !== "string" || p["identifier"] === "") return "the package has no identifier";
  if (transport !== "stdio")
    return `the package serves ${transport} on a local port, which a connector cannot describe (it runs stdio servers or reaches URLs)`;
  return undefined;
}

function unsupportedRemote(r: Json): string | undefined {
  const type = str(r["type"]);
  if (type !== "streamable-http" && type !== "sse" && type !== "http")
    return `remote type ${JSON.stringify(type)} is not streamable-http or sse`;
  if (typeof r["url"] !== "string") return "the remote has no url";
  return undefined;
}

/** The value of an Input, as a template: a literal, `{var}` variables, or a credential when a person must fill it. */
function inputValue(
  input: Json,
  label: string,
  at: string,
  credentials: CredentialSet,
  notes: ConvertNote[],
): string | undefined {
  const variables = isObject(input["variables"]) ? input["variables"] : {};
  const keyOf = (variable: string): string | undefined => {
    const v = variables[variable];
    return isObject(v)
      ? credentials.add(variable, property(v), {
          required: v["isRequired"] === true,
          path: `${at}/variables/${variable}`,
          inferSecret: true,
        })
      : undefined;
  };
  const value = str(input["value"]);
  if (value !== undefined && value !== "" && !isPlaceholder(value)) {
    // VS Code's `${input:name}` asks the user: a credential here.
    const asked = value.replace(/\$\{input:([A-Za-z_][\w.-]*)\}/g, (whole, id: string) => {
      const key = credentials.add(id, property(input), { required: true, path: at, inferSecret: true });
      return key === undefined ? whole : `\u0000${key}\u0001`;
    });
    const safe = literal(asked).replace(/\u0000([A-Z0-9_]+)\u0001/g, (_, key: string) => `\${${key}}`);
    if (literal(asked) !== asked)
      notes.push(
        note("convert.template.unknown", at, `"\${" in ${label} is not a template here: written as "$ {"`),
      );
    return replaceBraces(safe, keyOf);
  }
  if (value !== undefined && isPlaceholder(value))
    notes.push(
      note(
        "convert.argument.placeholder",
        at,
        `${label} is the placeholder "${value}": it became a credential`,
      ),
    );
  const prop = property(input);
  if (value !== undefined && isPlaceholder(value)) {
    delete prop.default;
    prop.examples = [value];
  }
  const key = credentials.add(label, prop, {
    required: input["isRequired"] === true || (value !== undefined && isPlaceholder(value)),
    path: at,
    inferSecret: true,
  });
  return key === undefined ? undefined : `\${${key}}`;
}

/** A token-schema property from an official Input. */
function property(input: Json): TokenProperty {
  const format = str(input["format"]);
  const type = format === "number" ? "number" : format === "boolean" ? "boolean" : "string";
  const prop: TokenProperty = { type };
  const description = str(input["description"]);
  if (description && !isPlaceholder(description) && !description.includes("${"))
    prop.description = description;
  else if (description && isPlaceholder(description)) prop.examples = [description];
  const fallback = input["default"];
  if (typeof fallback === "string" && !isPlaceholder(fallback)) {
    if (type === "string") prop.default = fallback;
    else if (type === "number" && Number.isFinite(Number(fallback))) prop.default = Number(fallback);
    else if (type === "boolean" && (fallback === "true" || fallback === "false"))
      prop.default = fallback === "true";
  }
  const choices = Array.isArray(input["choices"])
    ? input["choices"].filter((c): c is string => typeof c === "string")
    : [];
  if (choices.length > 0 && type === "string") {
    prop.enum = choices;
    if (prop.default !== undefined && !choices.includes(prop.default as string)) delete prop.default;
  }
  if (typeof input["isSecret"] === "boolean") prop.secret = input["isSecret"];
  const placeholder = str(input["placeholder"]);
  if (placeholder) prop.examples = [placeholder];
  return prop;
}

function argumentList(args: Json[], at: string, credentials: CredentialSet, notes: ConvertNote[]): string[] {
  const out: string[] = [];
  args.forEach((arg, i) => {
    const path = `${at}/${i}`;
    const name = str(arg["name"]);
    if (arg["type"] === "named" && name) {
      const hasValue =
        arg["value"] !== undefined ||
        arg["default"] !== undefined ||
        arg["valueHint"] !== undefined ||
        arg["isRequired"] === true;
      out.push(name);
      if (!hasValue) return;
      const label = toCredentialKey(name) !== undefined ? name : `ARG_${i + 1}`;
      const value = inputValue(
        { ...arg, value: arg["value"] ?? arg["default"] },
        label,
        path,
        credentials,
        notes,
      );
      if (value !== undefined) out.push(value);
      return;
    }
    const hint = str(arg["valueHint"]) ?? name;
    const label =
      hint !== undefined && !isPlaceholder(hint) && toCredentialKey(hint) !== undefined
        ? hint
        : `ARG_${i + 1}`;
    const value = inputValue(
      { ...arg, value: arg["value"] ?? arg["default"] },
      label,
      path,
      credentials,
      notes,
    );
    if (value !== undefined) out.push(value);
  });
  return out;
}

function packageServer(p: Json, at: string, credentials: CredentialSet, notes: ConvertNote[]): ServerSpec {
  const id = p["identifier"] as string;
  const ver = str(p["version"]);
  const pinned = ver !== undefined && ver !== "" && ver !== "latest";
  const runtime = argumentList(list(p["runtimeArguments"]), `${at}/runtimeArguments`, credentials, notes);
  const args = argumentList(list(p["packageArguments"]), `${at}/packageArguments`, credentials, notes);
  const env: Record<string, string> = {};
  list(p["environmentVariables"]).forEach((variable, i) => {
    const name = str(variable["name"]);
    if (!name) return;
    const value = inputValue(variable, name, `${at}/environmentVariables/${i}`, credentials, notes);
    if (value !== undefined) env[name] = value;
  });
  const type = p["registryType"];
  let server: { command: string; args: string[] };
  if (type === "npm")
    server = {
      command: str(p["runtimeHint"]) ?? "npx",
      args: [...runtime, "-y", pinned ? `${id}@${ver}` : id, ...args],
    };
  else if (type === "pypi")
    server = {
      command: str(p["runtimeHint"]) ?? "uvx",
      args: [...runtime, pinned ? `${id}==${ver}` : id, ...args],
    };
  else if (type === "nuget")
    server = { command: "dnx", args: [...runtime, pinned ? `${id}@${ver}` : id, "--yes", ...args] };
  else {
    const tagged = /[:@][^/]*$/.test(id) || !pinned ? id : `${id}:${ver}`;
    const passEnv = Object.keys(env).flatMap((k) => ["-e", k]);
    server = { command: "docker", args: ["run", "-i", "--rm", ...runtime, ...passEnv, tagged, ...args] };
  }
  return Object.keys(env).length > 0 ? { ...server, env } : server;
}

function remoteServer(r: Json, at: string, credentials: CredentialSet, notes: ConvertNote[]): ServerSpec {
  const variables = isObject(r["variables"]) ? r["variables"] : {};
  const url = replaceBraces(literal(r["url"] as string), (variable) => {
    const v = variables[variable];
    return credentials.add(variable, isObject(v) ? property(v) : { type: "string" }, {
      required: !isObject(v) || v["isRequired"] === true || v["default"] === undefined,
      path: `${at}/variables/${variable}`,
    });
  });
  const headers: Record<string, string> = {};
  list(r["headers"]).forEach((header, i) => {
    const name = str(header["name"]);
    if (!name) return;
    const value = inputValue(header, name, `${at}/headers/${i}`, credentials, notes);
    if (value !== undefined) headers[name] = value;
  });
  const type = r["type"] === "sse" ? "sse" : "streamable-http";
  return Object.keys(headers).length > 0 ? { type, url, headers } : { type, url };
}
