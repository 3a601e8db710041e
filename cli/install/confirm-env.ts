import { loaderEnvOf } from "../../src/core/launch/loader-env.js";
import { quoteArg, quoteAssignment } from "../../src/core/launch/quote-arg.js";
import { isRemote, type ServerSet } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { prompt } from "../terminal/prompt.js";
import { localizedError, say } from "../terminal/language.js";

/** An env key of a package's server that changes how code is loaded (src/core/launch/loader-env.ts). */
export interface LoaderEnvEntry {
  server: string;
  key: string;
  value: string;
  why: string;
}

/** Every loader env key of a server set, in package order. */
export function loaderEnvEntries(servers: ServerSet): LoaderEnvEntry[] {
  return Object.entries(servers).flatMap(([server, spec]) =>
    isRemote(spec)
      ? []
      : loaderEnvOf(spec.env).map(({ key, why }) => ({ server, key, value: spec.env?.[key] ?? "", why })),
  );
}

/**
 * Consent for env keys that change how a server's program loads code (LD_PRELOAD, NODE_OPTIONS,
 * npm_config_registry…). They are accepted only explicitly: `--accept-env`, or "y" at a prompt on a
 * terminal. `--yes` answers the other questions of an install, not this one: it is what a script
 * passes, and a script cannot have read the launch. Keys in `known` (an update's installed version
 * already set them, with the same value) were accepted before. Returns the accepted entries; throws
 * `install.env.not-accepted` (nothing changed) otherwise.
 */
export async function acceptLoaderEnv(
  ctx: Pick<CommandContext, "stdin" | "stderr">,
  input: {
    label: string;
    servers: ServerSet;
    accepted: boolean;
    interactive: boolean;
    retry: string;
    known?: ServerSet;
  },
): Promise<LoaderEnvEntry[]> {
  const known = new Set(loaderEnvEntries(input.known ?? {}).map((e) => `${e.server}\0${e.key}\0${e.value}`));
  const entries = loaderEnvEntries(input.servers).filter(
    (e) => !known.has(`${e.server}\0${e.key}\0${e.value}`),
  );
  if (entries.length === 0 || input.accepted) return entries;
  const lines = entries.map((e) => `  ${quoteArg(e.server)}: ${quoteAssignment(e.key, e.value)}  (${e.why})`);
  ctx.stderr.write([say("env.sets", { label: input.label }), ...lines, ""].join("\n"));
  if (input.interactive) {
    const answer = (await prompt(ctx, { message: say("env.prompt") })).trim();
    if (/^y(es)?$/i.test(answer)) return entries;
  }
  const keys = [...new Set(entries.map((e) => quoteArg(e.key)))].join(", ");
  throw localizedError(
    "install.env.not-accepted",
    {
      key: entries.length === 1 ? "env.not-accepted-one" : "env.not-accepted",
      params: { label: input.label, keys },
    },
    { key: "env.not-accepted-hint", params: { label: input.label, retry: input.retry } },
  );
}
