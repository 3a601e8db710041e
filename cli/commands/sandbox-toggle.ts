import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { updateSandboxFile } from "../home/sandbox-store.js";

/** `sandbox off|on <connector>`: let one connector run without its sandbox, or restore it. */
export function sandboxToggle(off: boolean): Command {
  return {
    usage: `sandbox ${off ? "off" : "on"} <connector>`,
    description: off
      ? `
Lets an installed connector that declares permissions run without the sandbox that enforces them,
for a machine where none is available (not Linux, or bubblewrap missing). Its servers then run with
your files and network, as any program you start. Recorded in $CONNECTORY_HOME/sandbox.json;
\`connectory sandbox on <connector>\` undoes it.`
      : `
Undoes \`connectory sandbox off\`: the connector's servers run in the sandbox again (or, where none
is available, do not start).`,
    positionals: { min: 1, max: 1 },
    async run(args, ctx) {
      const query = args.positionals[0] as string;
      const config = await loadEffectiveConfig(ctx.home);
      const found = config.connectors.find((c) => c.key === query || c.entry.name === query);
      if (!found)
        throw new ConnectoryError("sandbox.connector.unknown", `no installed connector is named "${query}"`, {
          hint: "see `connectory list` for the installed connectors",
        });
      let changed = false;
      await updateSandboxFile(ctx.home, (file) => {
        const { [found.key]: was, ...rest } = file.off;
        changed = off ? was === undefined : was !== undefined;
        return { off: off ? { ...rest, [found.key]: was ?? { at: ctx.now().toISOString() } } : rest };
      });
      const declares = found.input.permissions !== undefined;
      return {
        data: { connector: found.key, sandbox: off ? "off" : "on", changed, declaresPermissions: declares },
        text: off
          ? `${found.key} now runs unsandboxed${declares ? " (its declared permissions are not enforced)" : ""}`
          : `${found.key} runs in its sandbox again${declares ? "" : " (it declares no permissions: unrestricted)"}`,
      };
    },
  };
}
