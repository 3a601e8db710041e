import { defineHost, SPEAKS } from "./define-host.js";

/** Cline: `mcpServers`; type streamableHttp | sse (a url without type means SSE, so type is always written). */
export const cline = defineHost({
  id: "cline",
  displayName: "Cline",
  configFiles: {
    user: [
      [
        "app",
        "Code",
        "User",
        "globalStorage",
        "saoudrizwan.claude-dev",
        "settings",
        "cline_mcp_settings.json",
      ],
    ],
  },
  remote: SPEAKS.both,
  cwd: true,
  shape: { remoteType: { streamable: "streamableHttp", sse: "sse" }, stdioType: "stdio" },
});
