import { defineHost, SPEAKS } from "./define-host.js";

/** Claude Desktop's MSIX package folder name (the default Windows install since 2026). */
export const CLAUDE_MSIX_PACKAGE = "Claude_pzs8sxrjxfjjc";

const FILE = "claude_desktop_config.json";

/** Claude Desktop: `mcpServers`, stdio only (remote servers go through `connectory run`), no variable expansion. */
export const claudeDesktop = defineHost({
  id: "claude-desktop",
  displayName: "Claude Desktop",
  configFiles: {
    user: [["app", "Claude", FILE]],
    // The MSIX-virtualized file (the default Windows install since 2026) first, then the classic one.
    userOnWindows: [
      ["localAppData", "Packages", CLAUDE_MSIX_PACKAGE, "LocalCache", "Roaming", "Claude", FILE],
      ["appData", "Claude", FILE],
    ],
  },
  remote: SPEAKS.stdioOnly,
  shape: { stdioOnly: "claude-desktop speaks stdio only" },
});
