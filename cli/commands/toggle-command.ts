import type { Command } from "../command.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { pruneInactiveSkills } from "../hosts/skill-prune.js";
import { findInstalled, updateInstalled } from "../home/installed-store.js";
import { status } from "../terminal/output.js";

/** The `enable` / `disable` command: sets an installed connector's `enabled` flag, a no-op when already so. */
export function toggleCommand(enabled: boolean, description: string): Command {
  const verb = enabled ? "enable" : "disable";
  return {
    usage: `${verb} <name>[@marketplace]`,
    description,
    positionals: { min: 1, max: 1 },
    async run(args, ctx) {
      const ref = args.positionals[0] as string;
      let key = ref;
      let changed = false;
      await updateInstalled(ctx.home, (entries) => {
        const found = findInstalled(entries, ref);
        key = found.key;
        changed = found.entry.enabled !== enabled;
        return changed ? { ...entries, [key]: { ...found.entry, enabled } } : entries;
      });
      if (changed) for (const note of await staleExportNotes(ctx)) status(ctx, note);
      if (changed && !enabled)
        for (const note of await pruneInactiveSkills(ctx.home, ctx.now())) status(ctx, note);
      return {
        data: { key, enabled, changed },
        text: changed ? `${enabled ? "Enabled" : "Disabled"} ${key}` : `${key} was already ${verb}d`,
      };
    },
  };
}
