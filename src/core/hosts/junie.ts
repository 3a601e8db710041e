import { defineHost, homeAndProject, skillsBelow, SPEAKS } from "./define-host.js";

/** Junie: `mcpServers` in ~/.junie/mcp/mcp.json or .junie/mcp/mcp.json; stdio only (remote servers go through `connectory run`). */
export const junie = defineHost({
  id: "junie",
  displayName: "Junie",
  configFiles: homeAndProject(".junie", "mcp", "mcp.json"),
  skills: skillsBelow(".junie", false),
  remote: SPEAKS.stdioOnly,
  shape: { stdioOnly: "Junie speaks stdio only" },
});
