import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Junie: `mcpServers` in ~/.junie/mcp/mcp.json or .junie/mcp/mcp.json; stdio only (remote servers go through `connectory run`). */
export const junie: HostAdapter = {
  id: "junie",
  displayName: "Junie",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: false, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) throw new Error("Junie speaks stdio only");
    return compact(stdioFields(server, false));
  },
};
