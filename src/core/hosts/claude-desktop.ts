import { defineHost, SPEAKS } from "./define-host.js";

/** Claude Desktop: `mcpServers`, stdio only (remote servers go through `connectory run`), no variable expansion. */
export const claudeDesktop = defineHost({
  id: "claude-desktop",
  displayName: "Claude Desktop",
  remote: SPEAKS.stdioOnly,
  shape: { stdioOnly: "claude-desktop speaks stdio only" },
});
