/** `login` and `logout`: the publish token stored for a marketplace. */
import { defineCommand } from "../command.js";
import { readCredentials, updateCredentials } from "../credentials/credentials-store.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { canPrompt, prompt } from "../terminal/prompt.js";
import { PublishClient } from "../registry/publish-client.js";
import { warn } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

const command = defineCommand({
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
  positionals: { min: 1, max: 1, complete: ["marketplace"] },
  async run(args, ctx) {
    const marketplace = await resolveMarketplace(ctx.home, ctx.env, args.positionals[0]);
    let token = args.values.token ?? ctx.env.CONNECTORY_TOKEN;
    if (!token && canPrompt(ctx))
      token = await prompt(ctx, { message: say("login.prompt", { name: marketplace.name }), hidden: true });
    token = token?.trim();
    if (!token) {
      throw localizedError(
        "login.token.missing",
        { key: "login.no-token" },
        { key: "login.no-token-hint", params: { name: marketplace.name } },
        { usage: true },
      );
    }
    const { publisher } = await new PublishClient(marketplace.url, ctx.fetch, token).whoami();
    await updateCredentials(ctx.home, (file) => ({
      ...file,
      registries: { ...file.registries, [marketplace.name]: { token: token!, url: marketplace.url } },
    }));
    return {
      data: { marketplace: marketplace.name, url: marketplace.url, publisher },
      text: say("login.done", { name: marketplace.name, url: marketplace.url, publisher }),
    };
  },
});
export default command;

export const logoutCommand = defineCommand({
  usage: "logout [<marketplace>] [--json]",
  description: `
Removes the publish token stored for a marketplace (default: the default marketplace) from the
credential store (the OS keychain, or credentials.json). The token itself stays valid on the registry until its operator revokes it
(\`connectory-registry token revoke\`). A token stored under the name of a marketplace removed since is
removed too. Logging out when no token is stored changes nothing and exits 0.
--json prints { marketplace, removed }.`,
  positionals: { max: 1, complete: ["marketplace"] },
  async run(args, ctx) {
    const given = args.positionals[0];
    const stored = (await readCredentials(ctx.home)).registries;
    const name =
      given !== undefined && Object.hasOwn(stored, given)
        ? given
        : (await resolveMarketplace(ctx.home, ctx.env, given)).name;
    let removed = false;
    if (Object.hasOwn(stored, name)) {
      await updateCredentials(ctx.home, (file) => {
        removed = Object.hasOwn(file.registries, name);
        const registries = { ...file.registries };
        delete registries[name];
        return { ...file, registries };
      });
    }
    if (ctx.env.CONNECTORY_TOKEN) warn(ctx, say("logout.env"));
    return {
      data: { marketplace: name, removed },
      text: say(removed ? "logout.done" : "logout.none", { name }),
    };
  },
});
