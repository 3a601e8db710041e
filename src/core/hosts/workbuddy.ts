import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/**
 * WorkBuddy (third-party sources only): `mcpServers` in ~/.workbuddy/mcp.json; stdio `type: "stdio"`
 * with command/args/env, remote `type: "streamable-http"` with url. SSE is not documented: launcher.
 */
export const workbuddy: HostAdapter = {
  id: "workbuddy",
  displayName: "WorkBuddy",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server))
      return compact({ type: "streamable-http", url: server.url, headers: server.headers });
    return compact({ type: "stdio", ...stdioFields(server, false) });
  },
};
