import { isRemote } from "../types.js";
import { compact, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Roo Code: `mcpServers` in mcp_settings.json or .roo/mcp.json; type streamable-http | sse required with url; `${env:VAR}`. */
export const rooCode: HostAdapter = {
  id: "roo-code",
  displayName: "Roo Code",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: true,
  toEntry(_name, server) {
    if (isRemote(server)) {
      const type = remoteKind(server) === "sse" ? "sse" : "streamable-http";
      return compact({ type, url: server.url, headers: server.headers });
    }
    return compact({ type: "stdio", ...stdioFields(server, true) });
  },
  envReference: (key) => `\${env:${key}}`,
};
