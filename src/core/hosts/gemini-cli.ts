import { AGENT_SKILLS, defineHost, ENV_REFERENCE, homeAndProject, SPEAKS } from "./define-host.js";

/** Gemini CLI: `mcpServers` in settings.json; `httpUrl` is streamable HTTP, `url` is SSE; expands `${VAR}`. */
export const geminiCli = defineHost({
  id: "gemini-cli",
  displayName: "Gemini CLI",
  configFiles: homeAndProject(".gemini", "settings.json"),
  skills: AGENT_SKILLS,
  remote: SPEAKS.both,
  cwd: true,
  shape: { urlField: { streamable: "httpUrl", sse: "url" } },
  envReference: ENV_REFERENCE.dollar,
});
