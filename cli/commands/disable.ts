import type { Command } from "../lib/command.js";
import { findInstalled, updateInstalled } from "../lib/installed-store.js";

const command: Command = {
  usage: "disable <name>[@marketplace]",
  description: `
Disables an installed connector without uninstalling it: its servers leave the effective set (status
disabled in \`connectory config --explain\`); credentials and files are kept.`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const ref = args.positionals[0] as string;
    let key = ref;
    let changed = false;
    await updateInstalled(ctx.home, (entries) => {
      const found = findInstalled(entries, ref);
      key = found.key;
      changed = found.entry.enabled !== false;
      return changed ? { ...entries, [key]: { ...found.entry, enabled: false } } : entries;
    });
    return {
      data: { key, enabled: false, changed },
      text: changed ? `Disabled ${key}` : `${key} was already disabled`,
    };
  },
};
export default command;
