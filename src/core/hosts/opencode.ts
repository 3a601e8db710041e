import { AGENT_SKILLS, jsonOrJsonc } from "./define-host.js";
import { isRemote } from "../types.js";
import { compact } from "./shared.js";
import type { HostAdapter } from "./types.js";
import { isObject } from "../json-guards.js";

/** OpenCode V2 nests the server map one level down, under `mcp.servers`. */
const V2: readonly string[] = ["mcp", "servers"];

/**
 * OpenCode: the `mcp` map of opencode.json(c); local `{ type: "local", command: [cmd, …args],
 * environment }`, remote `{ type: "remote", url, headers }`; `{env:VAR}` substitution. Its V2 config
 * keeps servers under `mcp.servers`: a file already in that shape is edited there.
 */
export const opencode: HostAdapter<"opencode"> = {
  id: "opencode",
  displayName: "OpenCode",
  // OpenCode reads $XDG_CONFIG_HOME/opencode (~/.config/opencode) on every OS.
  configFiles: {
    user: jsonOrJsonc("config", "opencode", "opencode"),
    project: jsonOrJsonc("opencode"),
  },
  skills: AGENT_SKILLS,
  document: {
    format: "jsonc",
    container: ["mcp"],
    containerFor(data) {
      const mcp = data.mcp;
      const v2 = isObject(mcp) && "servers" in mcp;
      return v2 ? V2 : this.container;
    },
  },
  remote: { streamableHttp: true, sse: true },
  cwd: false,
  toEntry(_name, server) {
    if (isRemote(server)) return compact({ type: "remote", url: server.url, headers: server.headers });
    return compact({
      type: "local",
      command: [server.command, ...(server.args ?? [])],
      environment: server.env,
    });
  },
  envReference: (key) => `{env:${key}}`,
};
