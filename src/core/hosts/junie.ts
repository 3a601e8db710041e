import { defineHost, SPEAKS } from "./define-host.js";

/** Junie: `mcpServers` in ~/.junie/mcp/mcp.json or .junie/mcp/mcp.json; stdio only (remote servers go through `connectory run`). */
export const junie = defineHost({
  id: "junie",
  displayName: "Junie",
  configFiles: {
    user: [["home", ".junie", "mcp", "mcp.json"]],
    project: [[".junie", "mcp", "mcp.json"]],
  },
  skills: { user: [".junie", "skills"], project: [".junie", "skills"], confirmed: false },
  remote: SPEAKS.stdioOnly,
  shape: { stdioOnly: "Junie speaks stdio only" },
});
