import { isRemote } from "../types.js";
import { base64, compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/**
 * Qoder: `mcpServers` (Settings → MCP; the file path is third-party); stdio command/args/env, SSE by
 * `url` (streamable HTTP is not documented, so it goes through `connectory run`). Its deeplink carries
 * urlencode(base64(urlencode(JSON of one server))).
 */
export const qoder: HostAdapter = {
  id: "qoder",
  displayName: "Qoder",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: false, sse: true },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  deeplink(name, entry) {
    const config = encodeURIComponent(base64(encodeURIComponent(JSON.stringify(entry))));
    return `qoder://aicoding.aicoding-deeplink/mcp/add?name=${encodeURIComponent(name)}&config=${config}`;
  },
};
