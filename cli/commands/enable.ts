import type { Command } from "../lib/command.js";
import { findInstalled, updateInstalled } from "../lib/installed-store.js";

const command: Command = {
  usage: "enable <name>[@marketplace]",
  description: `
Enables an installed connector: its servers are exported again (once its credentials are complete).`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const ref = args.positionals[0] as string;
    let key = ref;
    let changed = false;
    await updateInstalled(ctx.home, (entries) => {
      const found = findInstalled(entries, ref);
      key = found.key;
      changed = found.entry.enabled !== true;
      return changed ? { ...entries, [key]: { ...found.entry, enabled: true } } : entries;
    });
    return {
      data: { key, enabled: true, changed },
      text: changed ? `Enabled ${key}` : `${key} was already enabled`,
    };
  },
};
export default command;
