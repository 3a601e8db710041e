import fs from "node:fs";
import path from "node:path";
import { isRemote, type Launch, type ServerSet, type StdioServer } from "../../src/core/types.js";
import { pickLaunches, type Machine, type Runner } from "../../src/core/launch/pick-launch.js";
import { bundleDir } from "../home/home.js";
import { findOnPath } from "../../src/fs/find-on-path.js";

// This machine, as pickLaunch sees it (src/core/launch/pick-launch.ts): the programs on PATH and the MCPB
// bundles unpacked in plugins/bundles/. An MCPB launch is then replaced by what its bundle's manifest runs.

/** Programs on PATH (the CLI's one PATH search) and the bundles in the cache; answers are remembered. */
export function localMachine(
  home: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Machine {
  const seen = new Map<string, boolean>();
  return {
    hasProgram(name) {
      let found = seen.get(name);
      if (found === undefined) seen.set(name, (found = findOnPath(name, env, platform) !== undefined));
      return found;
    },
    hasBundle: (sha256) => fs.existsSync(path.join(bundleDir(home, sha256), "manifest.json")),
  };
}

/** The launch each server uses on this machine, an MCPB launch resolved to its bundle's own command. */
export function machineServers(
  home: string,
  servers: ServerSet,
  prefer?: Runner,
  machine = localMachine(home),
): ServerSet {
  const picked = pickLaunches(servers, machine, prefer);
  const out: ServerSet = {};
  for (const [name, launch] of Object.entries(picked)) out[name] = bundleLaunch(home, launch) ?? launch;
  return out;
}

/**
 * An MCPB launch as its unpacked bundle runs it: manifest.json `server.mcp_config` with `${__dirname}` the
 * bundle's folder, the launch's own args after the bundle's, its env over the bundle's. Undefined when the
 * launch is not an MCPB one or its bundle is not unpacked (the launch then stays as it is, and fails to start
 * with its own message).
 */
export function bundleLaunch(home: string, launch: Launch): StdioServer | undefined {
  if (isRemote(launch) || launch.package?.registryType !== "mcpb" || !launch.package.fileSha256)
    return undefined;
  const dir = bundleDir(home, launch.package.fileSha256);
  let config: { command?: unknown; args?: unknown; env?: unknown };
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
      server?: { mcp_config?: typeof config };
    };
    config = manifest.server?.mcp_config ?? {};
  } catch {
    return undefined;
  }
  if (typeof config.command !== "string" || config.command === "") return undefined;
  const fill = (v: string) => v.replaceAll("${__dirname}", dir);
  const args = Array.isArray(config.args)
    ? config.args.filter((a): a is string => typeof a === "string")
    : [];
  const env =
    typeof config.env === "object" && config.env !== null
      ? Object.fromEntries(
          Object.entries(config.env).filter((e): e is [string, string] => typeof e[1] === "string"),
        )
      : {};
  const allEnv = {
    ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)])),
    ...(launch.env ?? {}),
  };
  return {
    command: fill(config.command),
    args: [...args.map(fill), ...(launch.args ?? [])],
    ...(Object.keys(allEnv).length > 0 ? { env: allEnv } : {}),
  };
}
