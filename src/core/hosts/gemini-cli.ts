import { isRemote } from "../types.js";
import { compact, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Gemini CLI: `mcpServers` in settings.json; `httpUrl` is streamable HTTP, `url` is SSE; expands `${VAR}`. */
export const geminiCli: HostAdapter = {
  id: "gemini-cli",
  displayName: "Gemini CLI",
  document: { format: "json", container: ["mcpServers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: true,
  toEntry(_name, server) {
    if (isRemote(server)) {
      const field = remoteKind(server) === "sse" ? "url" : "httpUrl";
      return compact({ [field]: server.url, headers: server.headers });
    }
    return compact(stdioFields(server, true));
  },
  envReference: (key) => `\${${key}}`,
};
