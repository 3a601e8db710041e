import { configLink, defineHost, SPEAKS } from "./define-host.js";

/** LM Studio: `mcpServers` in ~/.lmstudio/mcp.json (Cursor's notation); link `lmstudio://add_mcp?name=&config=<base64>`. */
export const lmStudio = defineHost({
  id: "lm-studio",
  displayName: "LM Studio",
  configFiles: { user: [["home", ".lmstudio", "mcp.json"]] },
  remote: SPEAKS.streamable,
  deeplink: configLink("lmstudio://add_mcp?"),
});
