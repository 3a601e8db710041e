import { isRemote } from "../types.js";
import { compact, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/**
 * Amp: the flat key `amp.mcpServers` in ~/.config/amp/settings.json (JSONC) or .amp/settings.json
 * (which Amp asks the user to approve); stdio command/args/env, remote url/headers.
 */
export const amp: HostAdapter = {
  id: "amp",
  displayName: "Amp",
  document: { format: "jsonc", container: ["amp.mcpServers"] },
  remote: { streamableHttp: true, sse: false },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ url: server.url, headers: server.headers });
    return compact(stdioFields(server, false));
  },
};
