/** `enable` and `disable`: whether an installed connector's servers are exported. */
import { defineCommand, type Command } from "../command.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { pruneInactiveSkills } from "../hosts/skill-prune.js";
import { findInstalled, updateInstalled } from "../home/installed-store.js";
import { say } from "../terminal/language.js";
import { status } from "../terminal/output.js";

/** The `enable` / `disable` command: sets an installed connector's `enabled` flag, a no-op when already so. */
export function toggleCommand(enabled: boolean, description: string): Command {
  const verb = enabled ? "enable" : "disable";
  return defineCommand({
    usage: `${verb} <name>[@marketplace]`,
    description,
    positionals: { min: 1, max: 1, complete: ["connector"] },
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
        text: changed
          ? say(enabled ? "toggle.enabled" : "toggle.disabled", { key })
          : say(enabled ? "toggle.already-enabled" : "toggle.already-disabled", { key }),
      };
    },
  });
}

/** `connectory enable <name>`. */
export const enableCommand = toggleCommand(
  true,
  `
Enables an installed connector: its servers are exported again (once its credentials are complete).`,
);

/** `connectory disable <name>`. */
export const disableCommand = toggleCommand(
  false,
  `
Disables an installed connector without uninstalling it: its servers leave the effective set (status
disabled in \`connectory config --explain\`); credentials and files are kept. Its skills exported by
\`config export\` are removed from the skills folders (unless edited since); the next export after
\`enable\` puts them back.`,
);
