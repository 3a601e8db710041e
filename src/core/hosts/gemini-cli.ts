import { defineHost, ENV_REFERENCE, SPEAKS } from "./define-host.js";

/** Gemini CLI: `mcpServers` in settings.json; `httpUrl` is streamable HTTP, `url` is SSE; expands `${VAR}`. */
export const geminiCli = defineHost({
  id: "gemini-cli",
  displayName: "Gemini CLI",
  remote: SPEAKS.both,
  cwd: true,
  shape: { urlField: { streamable: "httpUrl", sse: "url" } },
  envReference: ENV_REFERENCE.dollar,
});
