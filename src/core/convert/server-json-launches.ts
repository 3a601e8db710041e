import type { Launch, LaunchPackage, StdioServer } from "../types.js";
import { isObject } from "../json-guards.js";
import { launchProblems } from "../launch/launch-problems.js";
import { CredentialSet, literal, replaceBraces } from "./inputs.js";
import { toCredentialKey } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { argumentList, namedValues, property } from "./server-json-inputs.js";

// One server.json package or remote → one mcp.json 2 launch, and why one cannot be.

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** mcp.json 2's limit on a server's `alternatives` (schemas/mcp.schema.json). */
export const MAX_ALTERNATIVES = 20;
const RUNNERS: Record<string, true> = { npm: true, pypi: true, oci: true, nuget: true, mcpb: true };
const LOCAL_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):/;

/** Why Connectory cannot run a server.json package, or undefined when it can. */
export function unsupportedPackage(p: Json): string | undefined {
  const type = str(p["registryType"]);
  const transport = isObject(p["transport"]) ? str(p["transport"]["type"]) : "stdio";
  if (!type || !RUNNERS[type])
    return `a ${type ?? "untyped"} package cannot be launched by a command (Connectory runs npm, pypi, oci, nuget and mcpb packages): kept in provenance.json`;
  if (typeof p["identifier"] !== "string" || p["identifier"] === "") return "the package has no identifier";
  if (type === "mcpb") {
    if (!/^https:\/\/\S+$/.test(p["identifier"]))
      return "an mcpb package's identifier must be its https:// download URL";
    if (typeof p["fileSha256"] !== "string" || !/^[0-9a-f]{64}$/.test(p["fileSha256"]))
      return "an mcpb package needs fileSha256 (64 lower-case hex digits) so its download can be verified";
  }
  if (transport === "streamable-http" || transport === "sse") {
    const url = isObject(p["transport"]) ? str(p["transport"]["url"]) : undefined;
    if (url === undefined || !LOCAL_HTTP.test(url))
      return `the package serves ${transport} but its transport.url is not http://127.0.0.1:<port>, localhost or [::1]`;
    return undefined;
  }
  if (transport !== "stdio")
    return `transport ${JSON.stringify(transport)} is not stdio, streamable-http or sse`;
  return undefined;
}

/** mcp.json 2 `inputNames`: the credentials a launch reads whose key differs from the name upstream gave them. */
export function withInputNames(launch: Launch, used: Map<string, string[]>): Launch {
  const names: Record<string, string> = {};
  for (const [key, upstream] of [...used].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Only a name a person gave an input (a variable, header, value hint), not a flag such as `--mode`;
    // a launch that asks under the key's own spelling anywhere keeps it.
    if (upstream.includes(key)) continue;
    const name = upstream.find((u) => /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/.test(u));
    if (name !== undefined) names[key] = name;
  }
  return Object.keys(names).length > 0 ? { ...launch, inputNames: names } : launch;
}

/** Why Connectory cannot connect to a server.json remote, or undefined when it can. */
export function unsupportedRemote(r: Json): string | undefined {
  const type = str(r["type"]);
  if (type !== "streamable-http" && type !== "sse" && type !== "http")
    return `remote type ${JSON.stringify(type)} is not streamable-http or sse`;
  if (typeof r["url"] !== "string") return "the remote has no url";
  return undefined;
}

/** A server.json package → a stdio launch (npx, uvx, dnx, docker run, an MCPB bundle), with its `package`. */
export function packageServer(p: Json, at: string, credentials: CredentialSet, notes: ConvertNote[]): Launch {
  const id = p["identifier"] as string;
  const ver = str(p["version"]);
  const pinned = ver !== undefined && ver !== "" && ver !== "latest";
  const runtime = argumentList(list(p["runtimeArguments"]), `${at}/runtimeArguments`, credentials, notes);
  const args = argumentList(list(p["packageArguments"]), `${at}/packageArguments`, credentials, notes);
  const env = namedValues(list(p["environmentVariables"]), `${at}/environmentVariables`, credentials, notes);
  const type = p["registryType"] as string;
  const hint = str(p["runtimeHint"]);
  const declared: LaunchPackage = {
    registryType: type,
    identifier: id,
    ...(ver !== undefined && ver !== "" ? { version: ver } : {}),
    ...(str(p["registryBaseUrl"]) !== undefined ? { registryBaseUrl: str(p["registryBaseUrl"])! } : {}),
    ...(str(p["fileSha256"]) !== undefined ? { fileSha256: str(p["fileSha256"])! } : {}),
    ...(hint !== undefined ? { runtimeHint: hint } : {}),
  };
  let server: StdioServer;
  if (type === "npm")
    server = { command: hint ?? "npx", args: [...runtime, "-y", pinned ? `${id}@${ver}` : id, ...args] };
  else if (type === "pypi")
    server = { command: hint ?? "uvx", args: [...runtime, pinned ? `${id}==${ver}` : id, ...args] };
  else if (type === "nuget")
    server = { command: hint ?? "dnx", args: [...runtime, pinned ? `${id}@${ver}` : id, "--yes", ...args] };
  else if (type === "mcpb")
    // The bundle's manifest names its entry point: the launch has no command of its own (mcp.json 2).
    server = { ...(args.length > 0 ? { args } : {}) } as StdioServer;
  else {
    const tagged = /[:@][^/]*$/.test(id) || !pinned ? id : `${id}:${ver}`;
    const passEnv = Object.keys(env).flatMap((k) => ["-e", k]);
    server = {
      command: hint ?? "docker",
      args: ["run", "-i", "--rm", ...runtime, ...passEnv, tagged, ...args],
    };
    // Upstream sometimes puts docker's own options (and the image again) in packageArguments, which docker
    // hands to the server: kept as written, and said, since the page and `install` mark the entry.
    for (const problem of launchProblems({ server }))
      notes.push(
        note("convert.launch.malformed", `${at}/packageArguments`, problem.replace(/^server: /, "")),
      );
  }
  const transport = isObject(p["transport"]) ? p["transport"] : {};
  const local = transport["type"] === "streamable-http" || transport["type"] === "sse";
  const url = local
    ? replaceBraces(literal(transport["url"] as string), (variable) =>
        // Usually an argument's or variable's value (`{port}` of `--port`); required only when nothing declares it.
        credentials.add(
          variable,
          { type: "string" },
          {
            required: !Object.hasOwn(credentials.properties, toCredentialKey(variable) ?? ""),
            path: `${at}/transport/url`,
          },
        ),
      )
    : undefined;
  return {
    ...server,
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(local ? { transport: { type: transport["type"] as "sse", url: url! } } : {}),
    package: declared,
  };
}

/** A server.json remote → a remote launch, URL variables and headers becoming credentials. */
export function remoteServer(r: Json, at: string, credentials: CredentialSet, notes: ConvertNote[]): Launch {
  const variables = isObject(r["variables"]) ? r["variables"] : {};
  const url = replaceBraces(literal(r["url"] as string), (variable) => {
    const v = variables[variable];
    return credentials.add(variable, isObject(v) ? property(v) : { type: "string" }, {
      required: !isObject(v) || v["isRequired"] === true || v["default"] === undefined,
      path: `${at}/variables/${variable}`,
    });
  });
  const headers = namedValues(list(r["headers"]), `${at}/headers`, credentials, notes);
  const type = r["type"] === "sse" ? "sse" : "streamable-http";
  return Object.keys(headers).length > 0 ? { type, url, headers } : { type, url };
}
