import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/**
 * Kiro: `mcpServers` in ~/.kiro/settings/mcp.json or .kiro/settings/mcp.json; stdio command/args/env,
 * remote url/headers; `${VAR}` expands for variables the user approved. Link (third-party):
 * `kiro://kiro.mcp/add?name=&config=<urlencoded JSON>`.
 */
export const kiro: HostAdapter = {
  id: "kiro",
  displayName: "Kiro",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  envReference: (key) => `\${${key}}`,
  deeplink(name, entry) {
    return `kiro://kiro.mcp/add?name=${encodeURIComponent(name)}&config=${encodeURIComponent(JSON.stringify(entry))}`;
  },
};
