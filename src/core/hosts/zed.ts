import { defineHost, SPEAKS } from "./define-host.js";

/** Zed: `context_servers` in settings.json (JSONC); stdio `command/args/env`, remote `url/headers` (streamable HTTP). */
export const zed = defineHost({
  id: "zed",
  displayName: "Zed",
  configFiles: {
    user: [["config", "zed", "settings.json"]],
    userOnWindows: [["appData", "Zed", "settings.json"]],
    project: [[".zed", "settings.json"]],
  },
  document: { format: "jsonc", container: ["context_servers"] },
  remote: SPEAKS.streamable,
});
