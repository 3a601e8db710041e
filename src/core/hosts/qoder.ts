import { configLink, defineHost, skillsBelow, SPEAKS } from "./define-host.js";
import { base64 } from "./shared.js";

/**
 * Qoder: `mcpServers` (Settings → MCP; the file path is third-party); stdio command/args/env, SSE by
 * `url` (streamable HTTP is not documented, so it goes through `connectory run`). Its deeplink carries
 * urlencode(base64(urlencode(JSON of one server))).
 */
export const qoder = defineHost({
  id: "qoder",
  displayName: "Qoder",
  configFiles: { user: [["app", "Qoder", "SharedClientCache", "mcp.json"]] },
  skills: skillsBelow(".qoder", true),
  remote: SPEAKS.sse,
  deeplink: configLink("qoder://aicoding.aicoding-deeplink/mcp/add?", (json) =>
    base64(encodeURIComponent(json)),
  ),
});
