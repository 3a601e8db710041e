import type { Command } from "../command.js";
import { readInstalled } from "../home/installed-store.js";
import { readMarketplaces } from "../home/marketplaces-store.js";

const command: Command = {
  usage: "marketplace list",
  description: "Lists the known registries, the default one, and how many connectors come from each.",
  positionals: { max: 0 },
  async run(_args, ctx) {
    const all = await readMarketplaces(ctx.home, ctx.env);
    const installed = Object.values(await readInstalled(ctx.home));
    const data = Object.entries(all).map(([name, m]) => ({
      name,
      url: m.url,
      default: m.default === true,
      installed: installed.filter((e) => e.marketplace === name).length,
    }));
    if (data.length === 0) {
      return {
        data,
        text: "no marketplaces; add one with `connectory marketplace add <name> <url> --default`",
      };
    }
    const width = Math.max(...data.map((m) => m.name.length));
    const lines = data.map(
      (m) =>
        `${m.default ? "*" : " "} ${m.name.padEnd(width)}  ${m.url}${m.installed ? `  (${m.installed} installed)` : ""}`,
    );
    return { data, text: [...lines, "", "* default marketplace"].join("\n") };
  },
};
export default command;
