import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Windsurf: `mcpServers` in ~/.codeium/windsurf/mcp_config.json; remote URL field `serverUrl`; `${env:VAR}`. */
export const windsurf: HostAdapter = {
  id: "windsurf",
  displayName: "Windsurf",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ serverUrl: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  envReference: (key) => `\${env:${key}}`,
};
