import type { Problem, ServerSet } from "../types.js";
import { isRemote } from "../types.js";
import { parseDockerRun, type DockerOption } from "./docker-args.js";
import { error, pointer, warning } from "./problems.js";

const NAMESPACES = new Set(["network", "pid", "ipc", "userns", "uts"]);

/**
 * Docker-launched servers keep Docker's isolation, unless their options give it away: flag
 * `--privileged`, `--cap-add`, the host's network, pid, ipc, user or uts namespace, and mounts of the
 * host's folders. Options are read as docker reads them (docker-args.ts): `-v/:/host` and `-iv /:/host`
 * are mounts too, and what follows the image is the container's, not docker's.
 */
export function checkDocker(servers: ServerSet, base: string): Problem[] {
  const problems: Problem[] = [];
  for (const [name, spec] of Object.entries(servers)) {
    if (isRemote(spec) || (spec.command.split("/").pop() ?? "") !== "docker") continue;
    const args = spec.args ?? [];
    const at = pointer(pointer(base, name), "args");
    // Another sub-command (`docker start …`) is read as if its arguments were run's options: fail safe.
    const run = parseDockerRun(args) ?? shifted(parseDockerRun(["run", ...args]));
    for (const option of run?.options ?? []) {
      const problem = optionProblem(name, option);
      if (problem) problems.push(problem(pointer(at, option.index)));
    }
    if (run?.image?.startsWith("-"))
      problems.push(
        error(
          "mcp.server.docker.image",
          "mcp.json",
          pointer(at, run.imageIndex ?? 0),
          `server "${name}": the image "${run.image.slice(0, 60)}" starts with "-", where docker reads options; name the image`,
        ),
      );
  }
  return problems;
}

function optionProblem(server: string, o: DockerOption): ((where: string) => Problem) | undefined {
  const shown = o.value === undefined ? `--${o.name}` : `--${o.name} ${o.value}`;
  if (o.name === "privileged" || o.name === "cap-add")
    return (where) =>
      warning(
        "mcp.server.docker.privileged",
        "mcp.json",
        where,
        `server "${server}": ${shown} gives the container the host's powers; drop it`,
      );
  if (NAMESPACES.has(o.name) && o.value === "host")
    return (where) =>
      warning(
        "mcp.server.docker.host-namespace",
        "mcp.json",
        where,
        `server "${server}": ${shown} shares the host's ${o.name} namespace; drop it`,
      );
  // volume, and volumes-from (another container's mounts).
  if (o.name.startsWith("volume") || o.name === "mount")
    return (where) =>
      warning(
        "mcp.server.docker.mount",
        "mcp.json",
        where,
        `server "${server}": ${shown} mounts a host folder into the container; declare it in plugin.json permissions.filesystem and keep only what it needs`,
      );
  return undefined;
}

function shifted(run: ReturnType<typeof parseDockerRun>) {
  if (!run) return run;
  return {
    options: run.options.map((o) => ({ ...o, index: o.index - 1 })),
    ...(run.image !== undefined ? { image: run.image, imageIndex: (run.imageIndex ?? 1) - 1 } : {}),
  };
}
