import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../lib/command.js";

// PLACEHOLDER: replaced by the issue that builds `config`; the verb is listed so --help shows the whole CLI.
const command: Command = {
  usage: "config",
  async run() {
    throw new ConnectoryError("not-implemented", "`connectory config` is not available in this build yet");
  },
};
export default command;
