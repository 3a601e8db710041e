import type { Command } from "../command.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { MARKETPLACE_OPTION, checkConnectorName } from "../registry/owner-session.js";

const command: Command = {
  usage: "dist-tag ls <name> [--marketplace <name>] [--json]",
  description: `
Lists a connector's dist-tags and the version each points at (\`latest\` included when there is one).
Needs no token. --json prints { name, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = checkConnectorName(args.positionals[0] as string, "connectory dist-tag ls weather");
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, typeof m === "string" ? m : undefined);
    const doc = await fetchConnector(client, name, marketplace);
    const tags = Object.entries(doc.distTags).sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      data: { name, marketplace, distTags: Object.fromEntries(tags) },
      text: tags.length ? tags.map(([t, v]) => `${t}: ${v}`).join("\n") : `${name} has no dist-tags`,
    };
  },
};
export default command;
