import { say } from "../terminal/language.js";
import { guardModesText, type GuardModes } from "../../src/core/guards/guard-modes.js";
import { guardModesFor, readGuards } from "../home/guards-store.js";
import { readLimits } from "../home/limits-store.js";

/** One server's controls as `config --explain` and `doctor` show them. */
export interface ExplainedControls {
  guards: GuardModes;
  /** Tool (or `*`) → rate, the server's own then (with a profile) that profile's. */
  limits: Record<string, string>;
  profileLimits?: Record<string, string>;
}

/** The guard modes and rate limits of each of `servers` (with `profile`, that profile's on top). */
export async function explainControls(
  home: string,
  servers: readonly string[],
  profile?: string,
): Promise<Map<string, ExplainedControls>> {
  const [guards, limits] = await Promise.all([readGuards(home), readLimits(home)]);
  const own = profile !== undefined ? limits.profiles?.[profile] : undefined;
  return new Map(
    servers.map((server) => [
      server,
      {
        guards: guardModesFor(guards, server, profile),
        limits: { ...(limits.servers[server] ?? {}) },
        ...(own?.[server] ? { profileLimits: { ...own[server] } } : {}),
      },
    ]),
  );
}

/** The "Guards and rate limits" part of the text: one line per server. */
export function controlsText(controls: Map<string, ExplainedControls>): string {
  if (controls.size === 0) return "";
  const lines = ["", "", say("config.controls")];
  const rates = (r: Record<string, string>) =>
    Object.entries(r)
      .map(([tool, rate]) => `${tool} ${rate}`)
      .join(", ");
  for (const [server, c] of controls) {
    const limits = [
      rates(c.limits),
      c.profileLimits ? say("config.profile-limits", { limits: rates(c.profileLimits) }) : "",
    ].filter(Boolean);
    const modes = guardModesText(c.guards);
    lines.push(
      limits.length
        ? say("config.controls-limits", { server, modes, limits: limits.join("; ") })
        : `  ${server}: ${modes}`,
    );
  }
  return lines.join("\n");
}
