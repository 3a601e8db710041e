import { defineHost, homeAndProject, skillsBelow, SPEAKS } from "./define-host.js";

/**
 * WorkBuddy (third-party sources only): `mcpServers` in ~/.workbuddy/mcp.json; stdio `type: "stdio"`
 * with command/args/env, remote `type: "streamable-http"` with url. SSE is not documented: launcher.
 */
export const workbuddy = defineHost({
  id: "workbuddy",
  displayName: "WorkBuddy",
  configFiles: homeAndProject(".workbuddy", "mcp.json"),
  // Third-party sources only (vercel-labs/skills, syllago.dev, WorkBuddy guides): docs/hosts.md says so.
  skills: skillsBelow(".workbuddy", false),
  remote: SPEAKS.streamable,
  shape: { remoteType: "streamable-http", stdioType: "stdio" },
});
