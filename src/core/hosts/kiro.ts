import { configLink, defineHost, ENV_REFERENCE, homeAndProject, skillsBelow, SPEAKS } from "./define-host.js";

/**
 * Kiro: `mcpServers` in ~/.kiro/settings/mcp.json or .kiro/settings/mcp.json; stdio command/args/env,
 * remote url/headers; `${VAR}` expands for variables the user approved. Link (third-party):
 * `kiro://kiro.mcp/add?name=&config=<urlencoded JSON>`.
 */
export const kiro = defineHost({
  id: "kiro",
  displayName: "Kiro",
  configFiles: homeAndProject(".kiro", "settings", "mcp.json"),
  skills: skillsBelow(".kiro", true),
  remote: SPEAKS.streamable,
  envReference: ENV_REFERENCE.dollar,
  deeplink: configLink("kiro://kiro.mcp/add?", (json) => json),
});
