import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { updateCredentials } from "../home/credentials-store.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { canPrompt, prompt } from "../terminal/prompt.js";
import { PublishClient } from "../registry/publish-client.js";

const command: Command = {
  usage: "login <marketplace> [--token <token>] [--json]",
  description: `
Stores a publish token for a marketplace, after checking it with the registry (GET /v1/whoami).
The token comes from --token, else the CONNECTORY_TOKEN environment variable, else a hidden prompt
when a person is at the terminal. It is kept in the credential store (the OS keychain, or
credentials.json, mode 0600) and never printed.
Registry operators issue tokens with \`npm run registry -- token create --publisher <name>\`.

--json prints { marketplace, url, publisher }.`,
  options: {
    token: {
      type: "string",
      value: "token",
      description: "the publish token (default: $CONNECTORY_TOKEN, else a hidden prompt)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const marketplace = await resolveMarketplace(ctx.home, ctx.env, args.positionals[0]);
    let token = typeof args.values.token === "string" ? args.values.token : ctx.env.CONNECTORY_TOKEN;
    if (!token && canPrompt(ctx))
      token = await prompt(ctx, { message: `Publish token for ${marketplace.name}: `, hidden: true });
    token = token?.trim();
    if (!token) {
      throw new ConnectoryError("login.token.missing", "no token given", {
        usage: true,
        hint: `pass --token <token> or set CONNECTORY_TOKEN; \`connectory login ${marketplace.name}\` prompts on a terminal`,
      });
    }
    const { publisher } = await new PublishClient(marketplace.url, ctx.fetch, token).whoami();
    await updateCredentials(ctx.home, (file) => ({
      ...file,
      registries: { ...file.registries, [marketplace.name]: { token: token!, url: marketplace.url } },
    }));
    return {
      data: { marketplace: marketplace.name, url: marketplace.url, publisher },
      text: `Logged in to ${marketplace.name} (${marketplace.url}) as publisher "${publisher}".`,
    };
  },
};
export default command;
