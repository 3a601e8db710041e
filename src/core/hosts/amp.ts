import { defineHost, jsonOrJsonc, SPEAKS } from "./define-host.js";

/**
 * Amp: the flat key `amp.mcpServers` in ~/.config/amp/settings.json (JSONC) or .amp/settings.json
 * (which Amp asks the user to approve); stdio command/args/env, remote url/headers.
 */
export const amp = defineHost({
  id: "amp",
  displayName: "Amp",
  configFiles: {
    user: jsonOrJsonc("config", "amp", "settings"),
    userOnWindows: jsonOrJsonc("home", ".config", "amp", "settings"),
    project: [[".amp", "settings.json"]],
  },
  skills: { user: [".config", "amp", "skills"], project: [".agents", "skills"], confirmed: false },
  document: { format: "jsonc", container: ["amp.mcpServers"] },
  remote: SPEAKS.streamable,
});
