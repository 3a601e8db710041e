import type { Problem, ServerSet } from "../types.js";
import { isRemote } from "../types.js";
import { pointer, warning } from "./problems.js";

/**
 * Docker-launched servers keep Docker's isolation, unless their arguments give it away: flag
 * `--privileged`, the host's network or pid namespace, and mounts of the host's folders.
 */
export function checkDocker(servers: ServerSet, base: string): Problem[] {
  const problems: Problem[] = [];
  for (const [name, spec] of Object.entries(servers)) {
    if (isRemote(spec) || (spec.command.split("/").pop() ?? "") !== "docker") continue;
    const args = spec.args ?? [];
    const at = pointer(pointer(base, name), "args");
    args.forEach((arg, i) => {
      const next = args[i + 1] ?? "";
      const where = pointer(at, i);
      if (
        arg === "--privileged" ||
        arg.startsWith("--privileged=") ||
        arg === "--cap-add" ||
        arg.startsWith("--cap-add=")
      )
        problems.push(
          warning(
            "mcp.server.docker.privileged",
            "mcp.json",
            where,
            `server "${name}": ${arg} gives the container the host's powers; drop it`,
          ),
        );
      const ns = /^--(net|network|pid|ipc|userns)(=(.*))?$/.exec(arg);
      if (ns && (ns[3] ?? next) === "host")
        problems.push(
          warning(
            "mcp.server.docker.host-namespace",
            "mcp.json",
            where,
            `server "${name}": ${arg} ${ns[3] ? "" : next} shares the host's ${ns[1]} namespace; drop it`.replace(
              "  ",
              " ",
            ),
          ),
        );
      if (["-v", "--volume", "--mount"].includes(arg) || /^(-v|--volume|--mount)=/.test(arg))
        problems.push(
          warning(
            "mcp.server.docker.mount",
            "mcp.json",
            where,
            `server "${name}": ${arg} mounts a host folder into the container; declare it in plugin.json permissions.filesystem and keep only what it needs`,
          ),
        );
    });
  }
  return problems;
}
