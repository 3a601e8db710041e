import { isRemote, type ServerSet } from "../types.js";

// `docker run` options that take a value (the next argument), so the image is found after them.
const DOCKER_VALUE_FLAGS = new Set([
  "-e",
  "--env",
  "-v",
  "--volume",
  "-p",
  "--publish",
  "--name",
  "--network",
  "--net",
  "-w",
  "--workdir",
  "-u",
  "--user",
  "--entrypoint",
  "--env-file",
  "--mount",
  "--label",
  "-l",
  "--platform",
  "--cpus",
  "-m",
  "--memory",
  "--add-host",
  "--pull",
]);
// `docker run` options that a server's own arguments have no reason to repeat.
const DOCKER_FLAGS = new Set([...DOCKER_VALUE_FLAGS, "--rm", "-i", "-t", "-it", "-d", "--detach", "--init"]);

/**
 * What makes a launch certainly wrong, as upstream catalogs sometimes write it (issue 32: the official
 * seed's mcp-grafana runs `docker run … grafana/mcp-grafana:0.6.5 --rm "" -p 8000:8000 … mcp/grafana`):
 * an empty argument, or docker's own options (and a second image) after the image, where docker hands
 * them to the server. Each problem is one sentence naming the server. Empty for a sound launch.
 */
export function launchProblems(servers: ServerSet): string[] {
  const problems: string[] = [];
  for (const [name, server] of Object.entries(servers)) {
    if (isRemote(server)) continue;
    const args = server.args ?? [];
    const empty = args.flatMap((a, i) => (a === "" ? [i + 1] : []));
    if (empty.length > 0)
      problems.push(
        `${name}: argument${empty.length > 1 ? "s" : ""} ${empty.join(", ")} of its launch are empty`,
      );
    if (server.command !== "docker" || args[0] !== "run") continue;
    const image = imageIndex(args);
    if (image === undefined) continue;
    const after = args.slice(image + 1).filter((a) => DOCKER_FLAGS.has(a));
    if (after.length > 0)
      problems.push(
        `${name}: docker options after the image ${args[image]} (${[...new Set(after)].join(", ")}) go to ` +
          "the server, not to docker",
      );
  }
  return problems;
}

/** The index of the image in `docker run …` args: the first argument that is not an option or its value. */
function imageIndex(args: string[]): number | undefined {
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) return i;
    if (DOCKER_VALUE_FLAGS.has(a)) i++;
  }
  return undefined;
}
