import { defineHost, SPEAKS } from "./define-host.js";

/** Cline: `mcpServers`; type streamableHttp | sse (a url without type means SSE, so type is always written). */
export const cline = defineHost({
  id: "cline",
  displayName: "Cline",
  remote: SPEAKS.both,
  cwd: true,
  shape: { remoteType: { streamable: "streamableHttp", sse: "sse" }, stdioType: "stdio" },
});
