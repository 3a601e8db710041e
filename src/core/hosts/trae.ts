import { isRemote } from "../types.js";
import { base64, compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/**
 * Trae (third-party sources): `mcpServers` in the app's User/mcp.json or .trae/mcp.json, Cursor's
 * notation; import link `trae://trae.ai-ide/mcp-import?type=stdio|streamable-http&name=&config=<base64>`.
 */
export const trae: HostAdapter = {
  id: "trae",
  displayName: "Trae",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  deeplink(name, entry) {
    const type = typeof entry.url === "string" ? "streamable-http" : "stdio";
    const config = encodeURIComponent(base64(JSON.stringify(entry)));
    return `trae://trae.ai-ide/mcp-import?type=${type}&name=${encodeURIComponent(name)}&config=${config}`;
  },
};
