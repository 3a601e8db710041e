import { usageError } from "../../src/core/errors.js";
import { isRemote } from "../../src/core/types.js";
import type { Command } from "../command.js";
import { readManualServers } from "../home/manual-servers.js";
import { updateSandboxFile } from "../home/sandbox-store.js";

/** `sandbox all on|off`: sandbox every hand-written stdio server, even one that declares nothing. */
const command: Command = {
  usage: "sandbox all <on|off>",
  description: `
A hand-written server (mcp.json) with a "permissions" block runs sandboxed to it; one without runs
unrestricted, as any program you start. \`sandbox all on\` sandboxes those too: they run with no network
and none of your home (system files read-only, a private /tmp) until you give them a block
(\`connectory mcp add <server> --allow-read <path> --allow-net <host> … --force\`) or exempt one
(\`connectory sandbox off <server>\`). Connectors keep what they declare. \`sandbox all off\` is the
default. Recorded in $CONNECTORY_HOME/sandbox.json ("all").`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const value = args.positionals[0] as string;
    if (value !== "on" && value !== "off")
      throw usageError(`expected on or off, not "${value.slice(0, 40)}"`);
    const all = value === "on";
    let changed = false;
    await updateSandboxFile(ctx.home, (file) => {
      changed = (file.all === true) !== all;
      const { all: _was, ...rest } = file;
      return all ? { ...rest, all: true } : rest;
    });
    // The hand-written stdio servers this setting decides for: those without a block of their own.
    const doc = await readManualServers(ctx.home);
    const affected = Object.entries(doc.servers)
      .filter(([name, spec]) => !isRemote(spec) && !Object.hasOwn(doc.permissions, name))
      .map(([name]) => name);
    return {
      data: { sandboxAll: all, changed, servers: affected },
      text: all
        ? `Every hand-written stdio server now runs sandboxed; without a permissions block: no network, none of your home${affected.length ? ` (${affected.join(", ")})` : ""}`
        : `Hand-written servers without a permissions block run unrestricted again${affected.length ? ` (${affected.join(", ")})` : ""}`,
    };
  },
};
export default command;
