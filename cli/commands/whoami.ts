import { defineCommand } from "../command.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { MARKETPLACE_OPTION, ownerSession } from "../registry/owner-session.js";

const command = defineCommand({
  usage: "whoami [--marketplace <name>] [--json]",
  description: `
Prints the publisher that the publish token for a marketplace belongs to, as the registry sees it
(GET /v1/whoami): the token \`connectory login\` stored, else CONNECTORY_TOKEN. A token the registry
does not accept (revoked, or from another registry) is an error (auth.invalid).
--json prints { marketplace, url, publisher, token: "stored" | "CONNECTORY_TOKEN" }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { max: 0 },
  async run(args, ctx) {
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const { publisher } = await client.whoami();
    const stored = (await readCredentials(ctx.home)).registries;
    const own = Object.hasOwn(stored, marketplace.name) ? stored[marketplace.name] : undefined;
    const token = own && own.url === marketplace.url ? "stored" : "CONNECTORY_TOKEN";
    return {
      data: { marketplace: marketplace.name, url: marketplace.url, publisher, token },
      text: publisher,
    };
  },
});
export default command;
