import { PLUGIN_ROOT } from "../templates.js";
import type { StdioServer, TokenSchema } from "../types.js";
import {
  credentialInput,
  keySpelling,
  keyValueInput,
  templateValue,
  withVariables,
  type InputNames,
} from "./inputs.js";
import type { Argument, KeyValueInput, Package } from "./types.js";

// How a stdio launch becomes a server.json package: `npx pkg@v …` → npm, `uvx pkg==v …` → pypi,
// `docker run … image:tag …` → oci. A bundled server (`${PLUGIN_ROOT}` in its command or args) has no
// package registry: the registry builds an MCP Bundle for it (see mcpb-manifest.ts).

export type LaunchShape =
  | { kind: "package"; package: Package; dropped: string[] }
  | { kind: "bundled"; environmentVariables: KeyValueInput[]; dropped: string[] }
  | { kind: "unsupported"; reason: string };

const ROOT = `\${${PLUGIN_ROOT}}`;
const NPX_FLAGS = new Set(["-y", "--yes", "-q", "--quiet"]);
const UVX_FLAGS = new Set(["-q", "--quiet"]);
const DNX_FLAGS = new Set(["-y", "--yes"]);
// docker run flags a client adds itself (VS Code and add-mcp write `docker run -i --rm …`).
const DOCKER_OWN = new Set(["-i", "--interactive", "--rm", "-it", "-ti", "-t", "--tty"]);
const EXACT_VERSION = /^\d+(\.\d+)*([-+][0-9A-Za-z.+-]+)?$/;

/** True when a stdio server runs code shipped in the package. */
export function isBundled(server: StdioServer): boolean {
  return (server.command ?? "").includes(ROOT) || (server.args ?? []).some((a) => a.includes(ROOT));
}

/** The server.json shape of one stdio launch, or why it has none. */
export function launchShape(server: StdioServer, schema: TokenSchema | undefined): LaunchShape {
  const names = server.inputNames;
  const dropped = server.cwd !== undefined ? ["cwd"] : [];
  const env = environment(server, schema);
  const declared = server.package;
  if (isBundled(server) && declared?.registryType !== "mcpb") {
    return { kind: "bundled", environmentVariables: env.inputs, dropped: [...dropped, ...env.dropped] };
  }
  const args = server.args ?? [];
  const parsed: Parsed | { reason: string } =
    declared?.registryType === "mcpb"
      ? { registryType: "mcpb", identifier: declared.identifier, runtimeArguments: [], rest: args }
      : server.command === "npx"
        ? npx(args)
        : server.command === "uvx"
          ? uvx(args)
          : server.command === "dnx"
            ? dnx(args)
            : server.command === "docker"
              ? docker(args, schema, Object.keys(server.env ?? {}), names)
              : declared !== undefined && !KNOWN_TYPES.has(declared.registryType)
                ? // Another registry's package, kept as written: its runner is the command.
                  {
                    registryType: declared.registryType,
                    identifier: declared.identifier,
                    runtimeArguments: [],
                    rest: args,
                  }
                : { reason: `"${server.command}" is not npx, uvx, dnx or docker run` };
  if ("reason" in parsed) return { kind: "unsupported", reason: parsed.reason };
  const packageArguments = toArguments(parsed.rest, schema, names);
  if (!packageArguments) return { kind: "unsupported", reason: "an argument uses ${PLUGIN_ROOT}" };
  const transport = localTransport(server, schema);
  if (!transport) return { kind: "unsupported", reason: "the local transport URL uses ${PLUGIN_ROOT}" };
  // The package mcp.json 2 declares wins over what the command line says (registryBaseUrl, runtimeHint).
  const same = declared !== undefined && declared.registryType === parsed.registryType;
  const version = same && declared.version !== undefined ? declared.version : parsed.version;
  const hint = same ? declared.runtimeHint : parsed.registryType === "mcpb" ? undefined : server.command;
  const pkg: Package = {
    registryType: parsed.registryType,
    ...(same && declared.registryBaseUrl !== undefined ? { registryBaseUrl: declared.registryBaseUrl } : {}),
    identifier: same ? declared.identifier : parsed.identifier,
    ...(version !== undefined ? { version } : {}),
    ...(same && declared.fileSha256 !== undefined ? { fileSha256: declared.fileSha256 } : {}),
    ...(hint !== undefined ? { runtimeHint: hint } : {}),
    transport,
    ...(parsed.runtimeArguments.length > 0 ? { runtimeArguments: parsed.runtimeArguments } : {}),
    ...(packageArguments.length > 0 ? { packageArguments } : {}),
    ...(env.inputs.length > 0 ? { environmentVariables: env.inputs } : {}),
  };
  return { kind: "package", package: pkg, dropped: [...dropped, ...env.dropped] };
}

const KNOWN_TYPES = new Set(["npm", "pypi", "oci", "nuget", "mcpb"]);

/** stdio, or the loopback URL a local HTTP server listens on (mcp.json 2 `transport`). */
function localTransport(
  server: StdioServer,
  schema: TokenSchema | undefined,
): Package["transport"] | undefined {
  if (server.transport === undefined) return { type: "stdio" };
  const url = templateValue(server.transport.url, schema, server.inputNames);
  if (!url) return undefined;
  // Its `{variables}` name the package's own arguments and environment (server.json has no `variables` here).
  return { type: server.transport.type, url: url.value };
}

interface Parsed {
  registryType: string;
  identifier: string;
  version?: string;
  runtimeArguments: Argument[];
  rest: string[];
}

function npx(args: string[]): Parsed | { reason: string } {
  const found = runnerSpec(args, NPX_FLAGS, "npx", "npm");
  if ("reason" in found) return found;
  const { spec, index } = found;
  const at = spec.lastIndexOf("@");
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  return runnerPackage("npm", at > 0 ? spec.slice(0, at) : spec, version, args.slice(index + 1));
}

function uvx(args: string[]): Parsed | { reason: string } {
  const found = runnerSpec(args, UVX_FLAGS, "uvx", "PyPI");
  if ("reason" in found) return found;
  const { spec, index } = found;
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:(?:==|@)(.+))?$/.exec(spec);
  if (!match) return { reason: `"${spec}" is not a PyPI package spec` };
  return runnerPackage("pypi", match[1]!, match[2], args.slice(index + 1));
}

/** `dnx [--yes] Package@1.2.3 [--yes] [--] args…` (NuGet). */
function dnx(args: string[]): Parsed | { reason: string } {
  const found = runnerSpec(args, DNX_FLAGS, "dnx", "NuGet");
  if ("reason" in found) return found;
  const { spec } = found;
  let i = found.index + 1;
  while (i < args.length && DNX_FLAGS.has(args[i]!)) i++;
  if (args[i] === "--") i++;
  const at = spec.indexOf("@");
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  return runnerPackage("nuget", at > 0 ? spec.slice(0, at) : spec, version, args.slice(i));
}

/** The package spec after a runner's own flags (`npx -y pkg@1.2.3 …`) and its index, or why there is none. */
function runnerSpec(
  args: string[],
  flags: ReadonlySet<string>,
  runner: string,
  registry: string,
): { spec: string; index: number } | { reason: string } {
  let index = 0;
  while (index < args.length && flags.has(args[index]!)) index++;
  const spec = args[index];
  if (spec === undefined || spec.startsWith("-")) return { reason: `${runner} runs no plain package spec` };
  if (spec.includes("${")) return { reason: `the ${registry} package spec uses a template` };
  return { spec, index };
}

/** A runner's package: its version only when the spec pins an exact one. */
function runnerPackage(
  registryType: string,
  identifier: string,
  version: string | undefined,
  rest: string[],
): Parsed {
  return {
    registryType,
    identifier,
    ...(version !== undefined && EXACT_VERSION.test(version) ? { version } : {}),
    runtimeArguments: [],
    rest,
  };
}

function docker(
  args: string[],
  schema: TokenSchema | undefined,
  envNames: string[],
  names?: InputNames,
): Parsed | { reason: string } {
  if (args[0] !== "run") return { reason: "docker runs something other than `docker run`" };
  const runtimeArguments: Argument[] = [];
  let i = 1;
  for (; i < args.length && args[i]!.startsWith("-"); i++) {
    const flag = args[i]!;
    if (DOCKER_OWN.has(flag)) continue;
    if (flag.includes("=")) {
      const v = templateValue(flag, schema, names);
      if (!v) return { reason: "a docker flag uses ${PLUGIN_ROOT}" };
      runtimeArguments.push({
        type: "positional",
        valueHint: flag.split("=")[0]!,
        ...withVariables(v.value, v.variables),
      });
      continue;
    }
    const value = args[i + 1];
    if (value === undefined) return { reason: `docker flag ${flag} has no value` };
    // `-e NAME` passes the server's own env through: environmentVariables say that, and clients add the flag.
    if ((flag === "-e" || flag === "--env") && envNames.includes(value)) {
      i++;
      continue;
    }
    const v = templateValue(value, schema, names);
    if (!v) return { reason: "a docker flag uses ${PLUGIN_ROOT}" };
    runtimeArguments.push({ type: "named", name: flag, ...withVariables(v.value, v.variables) });
    i++;
  }
  const image = args[i];
  if (image === undefined) return { reason: "docker run names no image" };
  if (image.includes("${")) return { reason: "the image name uses a template" };
  return { registryType: "oci", identifier: image, runtimeArguments, rest: args.slice(i + 1) };
}

/**
 * Package arguments: `--flag ${KEY}` is a named argument, a lone `${KEY}` a positional one the user is
 * asked for, anything else a positional value (templates as `{KEY}` with variables). Undefined when an
 * argument refers to the package folder, which an installed npm/PyPI/OCI package does not have.
 */
function toArguments(
  rest: string[],
  schema: TokenSchema | undefined,
  names?: InputNames,
): Argument[] | undefined {
  const out: Argument[] = [];
  const flags = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const next = rest[i + 1];
    const t = templateValue(arg, schema, names);
    if (!t) return undefined;
    if (t.keys.length === 0 && arg.startsWith("-") && !arg.includes("=") && next?.includes("${")) {
      const v = templateValue(next, schema, names);
      if (!v) return undefined;
      // `--flag ${KEY}`: the user supplies the flag's value, which server.json says without `value`.
      const only = v.keys.length === 1 && v.value === `{${names?.[v.keys[0]!] ?? v.keys[0]}}`;
      const key = v.keys[0]!;
      const input = only ? credentialInput(schema, key, names) : undefined;
      // A value hint names the credential when the flag's own name does not spell it (`--mode` for TENANT_ID),
      // and says that a flag neither required nor defaulted (`""` reads as a bare flag) takes a value at all.
      // A flag given again names its credential too: an importer reads a repeated flag as a new input.
      const flagKey = keySpelling(arg);
      const bare = input?.isRequired !== true && (input?.default === undefined || input.default === "");
      const hint = input && (flagKey !== key || bare || flags.has(flagKey));
      flags.add(hint ? key : flagKey);
      out.push(
        input
          ? { type: "named", name: arg, ...(hint ? { valueHint: names?.[key] ?? key } : {}), ...input }
          : { type: "named", name: arg, ...withVariables(v.value, v.variables) },
      );
      i++;
    } else if (t.keys.length === 1 && t.value === `{${names?.[t.keys[0]!] ?? t.keys[0]}}`) {
      const key = t.keys[0]!;
      out.push({
        type: "positional",
        valueHint: names?.[key] ?? key,
        ...credentialInput(schema, key, names),
      });
    } else {
      out.push({ type: "positional", ...withVariables(t.value, t.variables) });
    }
  }
  return out;
}

/** The server's env as Inputs; a variable whose value names the package folder cannot be given. */
function environment(server: StdioServer, schema: TokenSchema | undefined) {
  const inputs: KeyValueInput[] = [];
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(server.env ?? {})) {
    const input = keyValueInput(name, value, schema, server.inputNames);
    if (input) inputs.push(input);
    else dropped.push(`env.${name}`);
  }
  return { inputs, dropped };
}
