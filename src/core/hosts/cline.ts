import { isRemote } from "../types.js";
import { compact, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Cline: `mcpServers`; type streamableHttp | sse (a url without type means SSE, so type is always written). */
export const cline: HostAdapter = {
  id: "cline",
  displayName: "Cline",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: true,
  toEntry(_name, server) {
    if (isRemote(server)) {
      const type = remoteKind(server) === "sse" ? "sse" : "streamableHttp";
      return compact({ type, url: server.url, headers: server.headers });
    }
    return compact({ type: "stdio", ...stdioFields(server, true) });
  },
};
