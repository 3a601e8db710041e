import { defineHost, ENV_REFERENCE, SPEAKS } from "./define-host.js";

/** Windsurf: `mcpServers` in ~/.codeium/windsurf/mcp_config.json; remote URL field `serverUrl`; `${env:VAR}`. */
export const windsurf = defineHost({
  id: "windsurf",
  displayName: "Windsurf",
  configFiles: { user: [["home", ".codeium", "windsurf", "mcp_config.json"]] },
  remote: SPEAKS.both,
  shape: { urlField: "serverUrl" },
  envReference: ENV_REFERENCE.env,
});
