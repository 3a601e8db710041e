import {
  AGENT_SKILLS,
  configLink,
  defineHost,
  ENV_REFERENCE,
  homeAndProject,
  SPEAKS,
} from "./define-host.js";

/** Cursor: `mcpServers`; remote by `url` (transport detected); `${env:VAR}`; install deeplink with a base64 server object. */
export const cursor = defineHost({
  id: "cursor",
  displayName: "Cursor",
  configFiles: homeAndProject(".cursor", "mcp.json"),
  skills: AGENT_SKILLS,
  remote: SPEAKS.both,
  envReference: ENV_REFERENCE.env,
  deeplink: configLink("cursor://anysphere.cursor-deeplink/mcp/install?"),
});
