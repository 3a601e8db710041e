import type { StdioServer } from "../types.js";
import type { Launcher } from "./types.js";

/** The profile every active server belongs to (the gateway's default). */
const DEFAULT_PROFILE = "default";

/**
 * The name of the one host entry `config export --gateway` writes: `connectory` for the default
 * profile, `connectory-<profile>` for another, so one host file can hold a gateway per profile.
 */
export function gatewayEntryName(profile: string | undefined): string {
  return profile === undefined || profile === DEFAULT_PROFILE ? "connectory" : `connectory-${profile}`;
}

/** The launch of `connectory gateway [--profile p]` through the scope's launcher (never a secret). */
export function gatewayServer(launcher: Launcher, profile: string | undefined): StdioServer {
  const named = profile !== undefined && profile !== DEFAULT_PROFILE;
  return {
    command: launcher.command,
    args: [...launcher.args, "gateway", ...(named ? ["--profile", profile] : [])],
    ...(launcher.env && Object.keys(launcher.env).length > 0 ? { env: { ...launcher.env } } : {}),
  };
}
