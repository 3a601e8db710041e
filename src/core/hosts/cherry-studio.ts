import { isRemote } from "../types.js";
import { base64, compact, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Cherry Studio: import only, by deeplink carrying base64 `{ mcpServers }`; remote `baseUrl`, type streamableHttp | sse. */
export const cherryStudio: HostAdapter = {
  id: "cherry-studio",
  displayName: "Cherry Studio",
  remote: { streamableHttp: true, sse: true },
  cwd: false,
  toEntry(name, server) {
    if (isRemote(server)) {
      const type = remoteKind(server) === "sse" ? "sse" : "streamableHttp";
      return compact({ name, type, baseUrl: server.url, headers: server.headers });
    }
    return compact({ name, type: "stdio", ...stdioFields(server, false) });
  },
  deeplink(_name, _entry, document) {
    return `cherrystudio://mcp/install?servers=${encodeURIComponent(base64(JSON.stringify(document)))}`;
  },
};
