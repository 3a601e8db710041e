import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** Zed: `context_servers` in settings.json (JSONC); stdio `command/args/env`, remote `url/headers` (streamable HTTP). */
export const zed: HostAdapter = {
  id: "zed",
  displayName: "Zed",
  document: { format: "jsonc", container: ["context_servers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
};
