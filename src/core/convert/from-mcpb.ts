import type { PackageFiles, StdioServer, TokenProperty } from "../types.js";
import { buildPackage } from "./build-package.js";
import { CredentialSet } from "./inputs.js";
import { connectorName, toConnectorName, version } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Options for an MCP Bundle: the unpacked bundle's files, when the caller has them. */
export interface McpbOptions extends ConvertOptions {
  /** The bundle's other files (server code), by path inside the bundle; manifest.json is skipped. */
  files?: PackageFiles;
}

/**
 * An MCP Bundle manifest.json → connector. `${__dirname}` becomes `${PLUGIN_ROOT}`, `${user_config.x}` a
 * credential from user_config (sensitive → secret, required, min/max, directory/file → text), platform
 * overrides stay in provenance.
 */
export function fromMcpb(input: unknown, options: McpbOptions = {}): Conversion {
  const notes: ConvertNote[] = [];
  if (!isObject(input) || typeof input["name"] !== "string")
    return refuse(
      "convert.refused.shape",
      'not an MCPB manifest.json: an object with "name" and "server" is needed',
    );
  const upstreamName = input["name"];
  const server = isObject(input["server"]) ? input["server"] : undefined;
  const config = server && isObject(server["mcp_config"]) ? server["mcp_config"] : undefined;
  if (!config || typeof config["command"] !== "string")
    return refuse(
      "convert.refused.no-server",
      `"${upstreamName}" has no server.mcp_config.command to launch`,
      notes,
      upstreamName,
    );
  const name = connectorName(upstreamName, notes);
  if (!name) return nameRefusal(upstreamName, notes);

  const userConfig = isObject(input["user_config"]) ? input["user_config"] : {};
  const credentials = new CredentialSet(notes);
  const fill = (value: string, at: string): string =>
    value.replace(/\$\{([^}]*)\}/g, (whole, ref: string) => {
      if (ref === "__dirname") return "${PLUGIN_ROOT}";
      if (ref.startsWith("user_config.")) {
        const id = ref.slice("user_config.".length);
        const declared = userConfig[id];
        if (!isObject(declared)) {
          notes.push(
            note(
              "convert.template.unknown",
              at,
              `\${${ref}} is not in user_config: declared as a required text credential`,
            ),
          );
          return `\${${credentials.add(id, { type: "string" }, { required: true, path: at }) ?? "UNKNOWN"}}`;
        }
        const key = credentials.add(id, credential(id, declared, notes), {
          required: declared["required"] === true,
          path: `/user_config/${id}`,
        });
        return key ? `\${${key}}` : "";
      }
      notes.push(
        note(
          "convert.template.unknown",
          at,
          `${whole} has no Connectory equivalent: written as "$ {${ref}}"`,
        ),
      );
      return `$ {${ref}}`;
    });
  const launch: StdioServer = { command: fill(config["command"], "/server/mcp_config/command") };
  const args = Array.isArray(config["args"])
    ? config["args"].filter((a): a is string => typeof a === "string")
    : [];
  if (args.length > 0) launch.args = args.map((a, i) => fill(a, `/server/mcp_config/args/${i}`));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(isObject(config["env"]) ? config["env"] : {}))
    if (typeof v === "string") env[k] = fill(v, `/server/mcp_config/env/${k}`);
  if (Object.keys(env).length > 0) launch.env = env;
  if (isObject(config["platform_overrides"]))
    for (const platform of Object.keys(config["platform_overrides"]))
      notes.push(
        note(
          "convert.platform.override",
          `/server/mcp_config/platform_overrides/${platform}`,
          `the ${platform} override is kept in provenance.json; the package runs the default command everywhere`,
        ),
      );
  // A command that is not PLUGIN_ROOT-relative may not use credentials: MCPB lets it, the package format does not.
  if (/\$\{(?!PLUGIN_ROOT\})/.test(launch.command))
    return refuse(
      "convert.refused.no-server",
      `the command of "${upstreamName}" depends on user_config, which a connector's command may not`,
      notes,
      upstreamName,
    );

  const files: PackageFiles = new Map();
  for (const [path, bytes] of options.files ?? []) if (path !== "manifest.json") files.set(path, bytes);
  const entry = server ? str(server["entry_point"]) : undefined;
  if (entry && !files.has(entry))
    notes.push(
      note(
        "convert.bundle.files-missing",
        "/server/entry_point",
        `${entry} is not among the files given: convert the unpacked bundle folder, or add the server code before publishing`,
      ),
    );
  const icon = str(input["icon"]);
  if (icon)
    notes.push(
      note(
        "convert.field.dropped",
        "/icon",
        `the icon ${icon} is not carried over (use a .png or .svg in the package and set "icon")`,
      ),
    );
  for (const key of ["prompts", "privacy_policies", "screenshots", "localization"])
    if (input[key] !== undefined && !(Array.isArray(input[key]) && input[key].length === 0))
      notes.push(
        note(
          "convert.field.dropped",
          `/${key}`,
          `${key} has no place in a connector: kept in provenance.json`,
        ),
      );
  const extra: Json = {};
  for (const key of [
    "id",
    "manifest_version",
    "author",
    "compatibility",
    "server",
    "prompts",
    "privacy_policies",
    "documentation",
    "support",
    "user_config",
  ])
    if (input[key] !== undefined) extra[key] = input[key];

  const author = isObject(input["author"]) ? str(input["author"]["name"]) : undefined;
  const repository = isObject(input["repository"])
    ? str(input["repository"]["url"])
    : str(input["repository"]);
  const draft: Draft = {
    name,
    version: version(str(input["version"]), notes),
    publisher: options.publisher ?? (author ? toConnectorName(author) : undefined) ?? name,
    tags: Array.isArray(input["keywords"])
      ? input["keywords"].filter((k): k is string => typeof k === "string")
      : [],
    servers: { [name]: launch },
    credentials: credentials.properties,
    required: credentials.required,
    files,
    provenance: {
      format: "mcpb",
      upstreamName,
      ...(str(input["version"]) ? { upstreamVersion: str(input["version"])! } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      extra,
    },
  };
  const fields = {
    description: "description",
    longDescription: "long_description",
    displayName: "display_name",
    homepage: "homepage",
    license: "license",
  } as const;
  for (const [ours, theirs] of Object.entries(fields)) {
    const value = str(input[theirs]);
    if (value !== undefined) draft[ours as keyof typeof fields] = value;
  }
  if (repository) draft.repository = repository;
  const result = buildPackage(draft, notes);
  if (!result.ok || !Array.isArray(input["tools"])) return result;
  const tools = input["tools"].flatMap((t) =>
    isObject(t) && typeof t["name"] === "string"
      ? [
          {
            name: t["name"],
            server: name,
            inputSchema: { type: "object" },
            ...(typeof t["description"] === "string" ? { description: t["description"] } : {}),
          },
        ]
      : [],
  );
  if (tools.length > 0)
    notes.push(
      note(
        "convert.tools.reported",
        "/tools",
        `${tools.length} tools the manifest lists are kept as the publisher's report`,
      ),
    );
  return tools.length > 0 ? { ...result, tools } : result;
}

/** A token-schema property from one user_config entry. */
function credential(id: string, c: Json, notes: ConvertNote[]): TokenProperty {
  const t = c["type"];
  const type = t === "number" ? "number" : t === "boolean" ? "boolean" : "string";
  const prop: TokenProperty = { type };
  if (typeof c["title"] === "string") prop.title = c["title"];
  const hint = t === "directory" ? " (a folder path)" : t === "file" ? " (a file path)" : "";
  if (typeof c["description"] === "string" || hint)
    prop.description = `${str(c["description"]) ?? ""}${hint}`.trim();
  if (c["sensitive"] === true) prop.secret = true;
  if (type === "number") {
    if (typeof c["min"] === "number") prop.minimum = c["min"];
    if (typeof c["max"] === "number") prop.maximum = c["max"];
  }
  const d = c["default"];
  if (typeof d === (type === "number" ? "number" : type) && !(typeof d === "string" && d.includes("${")))
    prop.default = d as string | number | boolean;
  else if (d !== undefined && !(Array.isArray(d) && d.length === 0))
    notes.push(
      note(
        "convert.template.default-dropped",
        `/user_config/${id}/default`,
        `the default of ${id} (${JSON.stringify(d)}) cannot be expressed: left out`,
      ),
    );
  if (c["multiple"] === true)
    notes.push(
      note(
        "convert.credential.multiple",
        `/user_config/${id}`,
        `${id} takes several values in MCPB; here it is one text value passed as one argument`,
      ),
    );
  return prop;
}
