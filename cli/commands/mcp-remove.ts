import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { readCredentials, updateCredentials } from "../home/credentials-store.js";
import { editManualServers } from "../home/manual-servers.js";
import { removePins } from "../home/pins-store.js";
import { updateTrust } from "../home/trust-store.js";

const command: Command = {
  usage: "mcp remove <server>",
  description: `
Removes a hand-written server from $CONNECTORY_HOME/mcp.json, in place (comments and formatting kept,
the previous file backed up in $CONNECTORY_HOME/backups/), and forgets its trust, its pinned tools and the secrets
\`connectory import\` stored for it. Servers that come from
an installed connector are turned off with \`connectory disable <name>\` instead.`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const { doc, backup } = await editManualServers(ctx.home, ctx.now(), (current) => {
      if (!Object.hasOwn(current.servers, name)) {
        throw new ConnectoryError(
          "mcp.server.unknown",
          `no hand-written server named "${name}" in ${current.file}`,
          {
            hint: "run `connectory mcp list`; a connector's server is turned off with `connectory disable <connector>`",
          },
        );
      }
      return { name, value: undefined };
    });
    await updateTrust(ctx.home, (file) => {
      const { [name]: _gone, ...servers } = file.servers;
      return { servers };
    });
    if (Object.hasOwn((await readCredentials(ctx.home)).servers, name)) {
      await updateCredentials(ctx.home, (file) => {
        const { [name]: _gone, ...servers } = file.servers;
        return { ...file, servers };
      });
    }
    // A hand-written server always holds its name, so the pins under it are its own.
    await removePins(ctx.home, (server) => server === name);
    const lines = [`Removed "${name}" from ${doc.file}`];
    if (backup) lines.push(`  previous file backed up to ${backup}`);
    return { data: { name, file: doc.file, ...(backup ? { backup } : {}) }, text: lines.join("\n") };
  },
};
export default command;
