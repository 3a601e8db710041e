import { defineHost, SPEAKS } from "./define-host.js";
import { base64 } from "./shared.js";

/** Cherry Studio: import only, by deeplink carrying base64 `{ mcpServers }`; remote `baseUrl`, type streamableHttp | sse. */
export const cherryStudio = defineHost({
  id: "cherry-studio",
  displayName: "Cherry Studio",
  configFiles: {},
  document: null,
  remote: SPEAKS.both,
  shape: {
    named: true,
    remoteType: { streamable: "streamableHttp", sse: "sse" },
    urlField: "baseUrl",
    stdioType: "stdio",
  },
  deeplink(_name, _entry, document) {
    return `cherrystudio://mcp/install?servers=${encodeURIComponent(base64(JSON.stringify(document)))}`;
  },
});
