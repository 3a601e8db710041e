import { isRemote, type Launch, type ServerSet, type ServerSpec } from "../types.js";
import { launchesOf } from "./launches.js";

// Which of a server's launches (mcp.json 2: the server, then its `alternatives`) this machine uses: the
// first it can run, unless the user prefers a runner (`connectory install --prefer docker`) and a launch
// of that runner can run. Pure: the caller says which programs exist and which bundles are unpacked.

/** The runners `--prefer` names; a launch belongs to one. */
export const RUNNERS = ["npm", "pypi", "nuget", "docker", "mcpb", "remote", "command"] as const;
export type Runner = (typeof RUNNERS)[number];

/** What the machine offers: a program on PATH, an MCPB bundle already unpacked into the cache. */
export interface Machine {
  hasProgram(name: string): boolean;
  hasBundle(sha256: string): boolean;
}

/** The runner of one launch: by its package when mcp.json 2 names one, else by its command. */
export function runnerOf(launch: Launch): Runner {
  if (isRemote(launch)) return "remote";
  const type = launch.package?.registryType;
  if (type === "mcpb") return "mcpb";
  const program = launch.command.split("/").pop() ?? "";
  if (type === "oci" || program === "docker" || program === "podman") return "docker";
  if (type === "npm" || program === "npx" || program === "bunx") return "npm";
  if (type === "pypi" || program === "uvx") return "pypi";
  if (type === "nuget" || program === "dnx") return "nuget";
  return "command";
}

/** Whether this machine can run a launch as written. */
export function canRun(launch: Launch, machine: Machine): boolean {
  if (isRemote(launch)) return true;
  if (launch.package?.registryType === "mcpb") {
    const sha = launch.package.fileSha256;
    return sha !== undefined && machine.hasBundle(sha);
  }
  const program = launch.command;
  // A path (`${PLUGIN_ROOT}/bin/x`, `/usr/bin/node`) is the package's or the user's business: tried as is.
  if (program.includes("/") || program.includes("${")) return true;
  return machine.hasProgram(program);
}

/** The launch to use, and its index (0: the server itself); the first launch when none can run. */
export function pickLaunch(
  server: ServerSpec,
  machine: Machine,
  prefer?: Runner,
): { launch: Launch; index: number; runnable: boolean } {
  const launches = launchesOf(server);
  const runnable = launches.map((l) => canRun(l, machine));
  const preferred =
    prefer === undefined ? -1 : launches.findIndex((l, i) => runnable[i] && runnerOf(l) === prefer);
  const first = runnable.indexOf(true);
  const index = preferred >= 0 ? preferred : first >= 0 ? first : 0;
  return { launch: launches[index]!, index, runnable: first >= 0 };
}

/** Every server of a set with its alternatives resolved to the one launch this machine uses. */
export function pickLaunches(servers: ServerSet, machine: Machine, prefer?: Runner): ServerSet {
  const out: ServerSet = {};
  for (const [name, server] of Object.entries(servers))
    out[name] =
      server.alternatives === undefined ? server : (pickLaunch(server, machine, prefer).launch as ServerSpec);
  return out;
}
