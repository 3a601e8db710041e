import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Warp: `mcpServers` in ~/.warp/.mcp.json or <repo>/.warp/.mcp.json; stdio command/args/env, remote url/headers. */
export const warp: HostAdapter = {
  id: "warp",
  displayName: "Warp",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
};
