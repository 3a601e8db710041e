import type { Command } from "../command.js";
import { updateTrust } from "../home/trust-store.js";

const command: Command = {
  usage: "untrust <server>",
  description: `
Withdraws trust from a hand-written server: it stays in mcp.json but becomes inactive (untrusted).`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    let was = false;
    await updateTrust(ctx.home, (file) => {
      const { [name]: gone, ...servers } = file.servers;
      was = gone !== undefined;
      return { servers };
    });
    return {
      data: { name, trusted: false, changed: was },
      text: was
        ? `"${name}" is no longer trusted; it is inactive until you trust it again`
        : `"${name}" was not trusted`,
    };
  },
};
export default command;
