import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { readCredentials, updateCredentials } from "../home/credentials-store.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";
import { status } from "../terminal/output.js";

const command: Command = {
  usage: "credentials unset <name>[@marketplace] [KEY]",
  description: `
Removes one stored credential (KEY) or all of a connector's credentials. A connector missing a required
credential stays installed, with status needs-credentials.`,
  positionals: { min: 1, max: 2 },
  async run(args, ctx) {
    const [ref, only] = args.positionals as [string, string | undefined];
    // Credentials of a connector uninstalled by hand can still be removed by their full key.
    const installed = await readInstalled(ctx.home);
    const stored = await readCredentials(ctx.home);
    const key =
      Object.hasOwn(installed, ref) || Object.hasOwn(stored.connectors, ref)
        ? ref
        : findInstalled(installed, ref).key;
    let removed: string[] = [];
    await updateCredentials(ctx.home, (file) => {
      const current = (Object.hasOwn(file.connectors, key) ? file.connectors[key] : undefined) ?? {};
      if (only !== undefined && !Object.hasOwn(current, only)) {
        throw new ConnectoryError("credentials.unset.absent", `${key} has no stored credential ${only}`, {
          hint: `see what is stored: connectory credentials show ${ref}`,
        });
      }
      const { [key]: _all, ...others } = file.connectors;
      if (only === undefined) {
        removed = Object.keys(current).sort();
        return { ...file, connectors: others };
      }
      const { [only]: _one, ...rest } = current;
      removed = [only];
      return { ...file, connectors: Object.keys(rest).length ? { ...others, [key]: rest } : others };
    });
    if (removed.length) for (const note of await staleExportNotes(ctx)) status(ctx, note);
    return {
      data: { key, removed },
      text: removed.length ? `Removed ${removed.join(", ")} from ${key}` : `${key} had no stored credentials`,
    };
  },
};
export default command;
