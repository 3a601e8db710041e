import type { Command } from "../command.js";
import { readCredentials, updateCredentials } from "../home/credentials-store.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { warn } from "../terminal/output.js";

const command: Command = {
  usage: "logout [<marketplace>] [--json]",
  description: `
Removes the publish token stored for a marketplace (default: the default marketplace) from the
credential store (the OS keychain, or credentials.json). The token itself stays valid on the registry until its operator revokes it
(\`connectory-registry token revoke\`). A token stored under the name of a marketplace removed since is
removed too. Logging out when no token is stored changes nothing and exits 0.
--json prints { marketplace, removed }.`,
  positionals: { max: 1 },
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
    if (ctx.env.CONNECTORY_TOKEN)
      warn(ctx, "CONNECTORY_TOKEN is set in this environment: publisher commands still use it");
    return {
      data: { marketplace: name, removed },
      text: removed ? `Logged out of ${name}: its token is removed` : `No token was stored for ${name}`,
    };
  },
};
export default command;
