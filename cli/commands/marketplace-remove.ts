import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { readCredentials, updateCredentials } from "../home/credentials-store.js";
import { readInstalled } from "../home/installed-store.js";
import { updateMarketplaces } from "../home/marketplaces-store.js";
import { warn } from "../terminal/output.js";

const command: Command = {
  usage: "marketplace remove <name> [--force]",
  description: `
Forgets a registry. Refused while connectors installed from it remain: uninstall them first, or pass
--force to forget it anyway (those connectors keep working from the plugins cache, but cannot be updated
until the marketplace is added again under the same name). If it was the default, the first remaining
marketplace becomes the default. The publish token stored by \`connectory login\` for it is deleted.`,
  options: {
    force: { type: "boolean", description: "forget it even while connectors installed from it remain" },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const force = args.values.force === true;
    const from = Object.values(await readInstalled(ctx.home))
      .filter((e) => e.marketplace === name)
      .map((e) => e.name)
      .sort();
    // Read before the first write, so a damaged credentials.json stops the command before any change.
    const hadToken = Object.hasOwn((await readCredentials(ctx.home)).registries, name);
    let newDefault: string | undefined;
    await updateMarketplaces(ctx.home, ctx.env, (all) => {
      const entry = all[name];
      if (!entry) {
        const known = Object.keys(all);
        throw new ConnectoryError("marketplace.unknown", `no marketplace named "${name}"`, {
          hint: known.length ? `known marketplaces: ${known.join(", ")}` : "no marketplaces are configured",
        });
      }
      if (from.length > 0 && !force) {
        throw new ConnectoryError(
          "marketplace.in-use",
          `${from.length} connector(s) are installed from ${name}: ${from.join(", ")}`,
          {
            hint: `uninstall them first (connectory uninstall ${from[0]}), or pass --force to keep them without updates`,
          },
        );
      }
      const next = { ...all };
      delete next[name];
      const first = Object.keys(next)[0];
      if (entry.default && first !== undefined && !Object.values(next).some((m) => m.default)) {
        next[first] = { ...next[first]!, default: true };
        newDefault = first;
      }
      return next;
    });
    // Its publish token goes with it: a marketplace added later under this name may be another registry.
    if (hadToken) {
      await updateCredentials(ctx.home, (file) => {
        const registries = { ...file.registries };
        delete registries[name];
        return { ...file, registries };
      });
    }
    if (from.length > 0)
      warn(ctx, `kept ${from.join(", ")} installed; they cannot be updated until ${name} is added again`);
    const data = { removed: name, orphaned: from, ...(newDefault ? { newDefault } : {}) };
    return {
      data,
      text: `removed marketplace ${name}${newDefault ? `; ${newDefault} is now the default` : ""}`,
    };
  },
};
export default command;
