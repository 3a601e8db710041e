import { defineHost, SPEAKS } from "./define-host.js";

/** Warp: `mcpServers` in ~/.warp/.mcp.json or <repo>/.warp/.mcp.json; stdio command/args/env, remote url/headers. */
export const warp = defineHost({
  id: "warp",
  displayName: "Warp",
  configFiles: { user: [["home", ".warp", ".mcp.json"]], project: [[".warp", ".mcp.json"]] },
  skills: { user: [".warp", "skills"], project: [".warp", "skills"], confirmed: false },
  remote: SPEAKS.streamable,
});
