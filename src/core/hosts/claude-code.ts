import { isRemote } from "../types.js";
import { compact, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Claude Code: `mcpServers` in ~/.claude.json or .mcp.json; remote needs type http|sse; expands `${VAR}`. */
export const claudeCode: HostAdapter = {
  id: "claude-code",
  displayName: "Claude Code",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) {
      return compact({
        type: remoteKind(server) === "sse" ? "sse" : "http",
        url: server.url,
        headers: server.headers,
      });
    }
    return compact({ type: "stdio", ...stdioFields(server, false) });
  },
  envReference: (key) => `\${${key}}`,
};
