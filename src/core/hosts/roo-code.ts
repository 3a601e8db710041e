import { defineHost, ENV_REFERENCE, SPEAKS } from "./define-host.js";

/** Roo Code: `mcpServers` in mcp_settings.json or .roo/mcp.json; type streamable-http | sse required with url; `${env:VAR}`. */
export const rooCode = defineHost({
  id: "roo-code",
  displayName: "Roo Code",
  configFiles: {
    user: [
      ["app", "Code", "User", "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"],
    ],
    project: [[".roo", "mcp.json"]],
  },
  remote: SPEAKS.both,
  cwd: true,
  shape: { remoteType: { streamable: "streamable-http", sse: "sse" }, stdioType: "stdio" },
  envReference: ENV_REFERENCE.env,
});
