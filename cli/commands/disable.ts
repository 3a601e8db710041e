import { toggleCommand } from "./toggle-command.js";

export default toggleCommand(
  false,
  `
Disables an installed connector without uninstalling it: its servers leave the effective set (status
disabled in \`connectory config --explain\`); credentials and files are kept. Its skills exported by
\`config export\` are removed from the skills folders (unless edited since); the next export after
\`enable\` puts them back.`,
);
