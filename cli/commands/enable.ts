import { toggleCommand } from "./toggle-command.js";

export default toggleCommand(
  true,
  `
Enables an installed connector: its servers are exported again (once its credentials are complete).`,
);
