import { defineHost, homeAndProject, skillsBelow, SPEAKS } from "./define-host.js";

/** Warp: `mcpServers` in ~/.warp/.mcp.json or <repo>/.warp/.mcp.json; stdio command/args/env, remote url/headers. */
export const warp = defineHost({
  id: "warp",
  displayName: "Warp",
  configFiles: homeAndProject(".warp", ".mcp.json"),
  skills: skillsBelow(".warp", false),
  remote: SPEAKS.streamable,
});
