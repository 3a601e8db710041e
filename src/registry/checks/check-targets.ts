import { isRemote, type ServerSet } from "../../core/types.js";
import type { CheckTarget } from "../../db/check-rows.js";

/**
 * The remote servers of a version the checker can connect to, as the JSON stored in
 * connectors.check_targets; null when there are none. A URL with a `${…}` template (a credential in the
 * address) cannot be checked without the user's values and is left out.
 */
export function checkTargets(servers: ServerSet): string | null {
  const targets: CheckTarget[] = [];
  for (const [key, server] of Object.entries(servers)) {
    if (!isRemote(server) || server.url.includes("${")) continue;
    try {
      const url = new URL(server.url);
      if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    } catch {
      continue;
    }
    targets.push({ url: server.url, transport: server.type, server: key });
  }
  return targets.length > 0 ? JSON.stringify(targets) : null;
}
