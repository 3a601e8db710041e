import { isRemote } from "../types.js";
import { base64, compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** LM Studio: `mcpServers` in ~/.lmstudio/mcp.json (Cursor's notation); link `lmstudio://add_mcp?name=&config=<base64>`. */
export const lmStudio: HostAdapter = {
  id: "lm-studio",
  displayName: "LM Studio",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  deeplink(name, entry) {
    return `lmstudio://add_mcp?name=${encodeURIComponent(name)}&config=${encodeURIComponent(base64(JSON.stringify(entry)))}`;
  },
};
