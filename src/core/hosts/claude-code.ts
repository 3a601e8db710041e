import { defineHost, ENV_REFERENCE, SPEAKS } from "./define-host.js";

/** Claude Code: `mcpServers` in ~/.claude.json or .mcp.json; remote needs type http|sse; expands `${VAR}`. */
export const claudeCode = defineHost({
  id: "claude-code",
  displayName: "Claude Code",
  remote: SPEAKS.both,
  shape: { remoteType: { streamable: "http", sse: "sse" }, stdioType: "stdio" },
  envReference: ENV_REFERENCE.dollar,
});
