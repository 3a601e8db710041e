import os from "node:os";
import path from "node:path";
import type { HostId } from "../../src/core/hosts/index.js";
import { skillFolderOf } from "../../src/core/hosts/skill-folders.js";
import type { HostScope } from "./host-paths.js";

/** The user's home folder as the host sees it: $HOME (or %USERPROFILE%), else the OS's. */
export function userHome(env: Record<string, string | undefined>): string {
  return env.HOME || env.USERPROFILE || os.homedir();
}

/** The folder a host loads skills from for a scope (below the home or project folder), or undefined. */
export function skillsDir(
  host: HostId,
  scope: HostScope,
  world: { env: Record<string, string | undefined>; cwd: string },
): string | undefined {
  const segments = skillFolderOf(host, scope);
  if (!segments) return undefined;
  return path.join(scope === "user" ? userHome(world.env) : world.cwd, ...segments);
}
