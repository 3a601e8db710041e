import fs from "node:fs";
import path from "node:path";
import { REGISTRY_VARS, registryHosts, type Launcher } from "../../src/core/sandbox/fetch-step.js";

/**
 * The registry a fetch step uses, and the hosts its filtering proxy lets through: the launcher's
 * registry variable in the server's environment, else (npx) the `registry=` of the user's ~/.npmrc
 * (which the sandbox's empty home hides from npm), else the public registry.
 */
export function fetchRegistry(
  tool: Launcher,
  env: Record<string, string | undefined>,
  home: string,
): { url?: string; hosts: string[] } {
  const fromEnv = REGISTRY_VARS[tool].map((k) => env[k]).find((v) => v !== undefined && v !== "");
  const url = fromEnv ?? (tool === "npx" ? npmrcRegistry(home) : undefined);
  return { ...(url ? { url } : {}), hosts: registryHosts(tool, url) };
}

/** `registry=<url>` of ~/.npmrc, if set. */
function npmrcRegistry(home: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(home, ".npmrc"), "utf8");
  } catch {
    return undefined;
  }
  const m = /^\s*registry\s*=\s*(\S+)\s*$/m.exec(text);
  return m?.[1];
}
