import { configLink, defineHost, skillsBelow, SPEAKS } from "./define-host.js";

/**
 * Trae (third-party sources): `mcpServers` in the app's User/mcp.json or .trae/mcp.json, Cursor's
 * notation; import link `trae://trae.ai-ide/mcp-import?type=stdio|streamable-http&name=&config=<base64>`.
 */
export const trae = defineHost({
  id: "trae",
  displayName: "Trae",
  configFiles: { user: [["app", "Trae", "User", "mcp.json"]], project: [[".trae", "mcp.json"]] },
  skills: skillsBelow(".trae", false),
  remote: SPEAKS.streamable,
  deeplink(name, entry, document) {
    const type = typeof entry.url === "string" ? "streamable-http" : "stdio";
    return configLink(`trae://trae.ai-ide/mcp-import?type=${type}&`)(name, entry, document);
  },
});
