import type { Command } from "../command.js";
import { MARKETPLACE_OPTION, checkConnectorName, checkTag, ownerSession } from "../registry/owner-session.js";

const command: Command = {
  usage: "dist-tag rm <name> <tag> [--marketplace <name>] [--json]",
  description: `
Removes a dist-tag. Removing \`latest\` returns it to the computed default (the newest version that is
neither yanked nor a prerelease). Only the owning publisher's token may (\`connectory login\`).
--json prints { name, tag, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [rawName, rawTag] = args.positionals as [string, string];
    const name = checkConnectorName(rawName, "connectory dist-tag rm weather next");
    const tag = checkTag(rawTag);
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const result = await client.removeDistTag(name, tag);
    return {
      data: { name, tag, marketplace: marketplace.name, distTags: result.distTags },
      text: `Removed dist-tag ${tag} of ${name} (${marketplace.name})`,
    };
  },
};
export default command;
