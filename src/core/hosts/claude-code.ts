import { defineHost, ENV_REFERENCE, skillsBelow, SPEAKS } from "./define-host.js";

/** Claude Code: `mcpServers` in ~/.claude.json or .mcp.json; remote needs type http|sse; expands `${VAR}`. */
export const claudeCode = defineHost({
  id: "claude-code",
  displayName: "Claude Code",
  configFiles: {
    user: [[{ env: "CLAUDE_CONFIG_DIR", else: ["home"] }, ".claude.json"]],
    project: [[".mcp.json"]],
  },
  skills: skillsBelow(".claude", true),
  remote: SPEAKS.both,
  shape: { remoteType: { streamable: "http", sse: "sse" }, stdioType: "stdio" },
  envReference: ENV_REFERENCE.dollar,
});
