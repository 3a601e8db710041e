import type { Launch, ServerSpec } from "../types.js";

/** Every launch of a server, in the order mcp.json gives them: the server itself, then its alternatives. */
export function launchesOf(server: ServerSpec): Launch[] {
  const { alternatives, ...first } = server;
  return [first as Launch, ...(alternatives ?? [])];
}
