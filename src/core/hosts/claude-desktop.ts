import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Claude Desktop: `mcpServers`, stdio only (remote servers go through `connectory run`), no variable expansion. */
export const claudeDesktop: HostAdapter = {
  id: "claude-desktop",
  displayName: "Claude Desktop",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: false, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) throw new Error("claude-desktop speaks stdio only");
    return compact(stdioFields(server, false));
  },
};
