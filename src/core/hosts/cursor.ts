import { isRemote } from "../types.js";
import { base64, compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Cursor: `mcpServers`; remote by `url` (transport detected); `${env:VAR}`; install deeplink with a base64 server object. */
export const cursor: HostAdapter = {
  id: "cursor",
  displayName: "Cursor",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
  envReference: (key) => `\${env:${key}}`,
  deeplink(name, entry) {
    const config = encodeURIComponent(base64(JSON.stringify(entry)));
    return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${config}`;
  },
};
