/**
 * `docker run` arguments read as the docker CLI (cobra/pflag) reads them, so a check sees the options
 * docker will apply: long options as `--name value` or `--name=value`; short ones clustered (`-iv /:/h`)
 * or with their value attached (`-v/:/h`, `-v=/:/h`); the first argument that is not an option (or the one
 * after `--`) is the image, and what follows it belongs to the container, not to docker.
 */
export interface DockerOption {
  /** The long name: `volume` for `-v`, `network` for `--net`. */
  name: string;
  value?: string;
  /** Index in the args of the argument that holds the option. */
  index: number;
}

export interface DockerRun {
  options: DockerOption[];
  image?: string;
  imageIndex?: number;
}

/** Options of `docker run` / `docker create` that take no value. */
const FLAGS = new Set([
  "rm",
  "privileged",
  "init",
  "read-only",
  "tty",
  "interactive",
  "detach",
  "publish-all",
  "sig-proxy",
  "no-healthcheck",
  "oom-kill-disable",
  "disable-content-trust",
  "help",
  "quiet",
  "use-api-socket",
]);
const SHORT: Record<string, string> = {
  a: "attach",
  c: "cpu-shares",
  d: "detach",
  e: "env",
  h: "hostname",
  i: "interactive",
  l: "label",
  m: "memory",
  p: "publish",
  P: "publish-all",
  q: "quiet",
  t: "tty",
  u: "user",
  v: "volume",
  w: "workdir",
};
const ALIASES: Record<string, string> = { net: "network" };
/** docker's own options before the sub-command that take a value (`docker --context x run …`). */
const GLOBAL_WITH_VALUE = new Set(["-H", "--host", "-c", "--context", "--config", "-l", "--log-level"]);

/** The options and image of a `docker [globals] run|create|container run …` command line; undefined for another sub-command. */
export function parseDockerRun(args: readonly string[]): DockerRun | undefined {
  let i = 0;
  while (i < args.length && (args[i] as string).startsWith("-"))
    i += GLOBAL_WITH_VALUE.has(args[i] as string) ? 2 : 1;
  if (args[i] === "container") i++;
  if (args[i] !== "run" && args[i] !== "create") return undefined;
  const run: DockerRun = { options: [] };
  for (i++; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      if (i + 1 < args.length) Object.assign(run, { image: args[i + 1], imageIndex: i + 1 });
      return run;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const raw = arg.slice(2, eq === -1 ? undefined : eq);
      const name = ALIASES[raw] ?? raw;
      if (eq !== -1) run.options.push({ name, value: arg.slice(eq + 1), index: i });
      else if (FLAGS.has(name)) run.options.push({ name, index: i });
      else run.options.push({ name, ...valueAt(args, ++i), index: i - 1 });
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let c = 1; c < arg.length; c++) {
        const name = SHORT[arg[c] as string] ?? (arg[c] as string);
        if (FLAGS.has(name)) {
          run.options.push({ name, index: i });
          continue;
        }
        // The rest of the cluster is the value (`-v/:/h`, `-v=/:/h`), else the next argument.
        const rest = arg.slice(c + 1).replace(/^=/, "");
        if (rest !== "") run.options.push({ name, value: rest, index: i });
        else run.options.push({ name, ...valueAt(args, i + 1), index: i++ });
        break;
      }
      continue;
    }
    return Object.assign(run, { image: arg, imageIndex: i });
  }
  return run;
}

function valueAt(args: readonly string[], i: number): { value?: string } {
  return i < args.length ? { value: args[i] as string } : {};
}
