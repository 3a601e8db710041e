import { ConnectoryError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { updateSandboxFile } from "../home/sandbox-store.js";

/** `sandbox off|on <connector>`: let one connector run without its sandbox, or restore it. */
export function sandboxToggle(off: boolean): Command {
  return {
    usage: `sandbox ${off ? "off" : "on"} <connector|server>`,
    description: off
      ? `
Lets an installed connector that declares permissions run without the sandbox that enforces them,
for a machine where none is available (Windows, or bubblewrap or sandbox-exec missing). Its servers then run with
your files and network, as any program you start. Recorded in $CONNECTORY_HOME/sandbox.json;
\`connectory sandbox on <connector>\` undoes it. A hand-written server with a permissions block (or
any, under \`sandbox all on\`) is named by its server name.`
      : `
Undoes \`connectory sandbox off\`: the connector's servers run in the sandbox again (or, where none
is available, do not start).`,
    positionals: { min: 1, max: 1 },
    async run(args, ctx) {
      const query = args.positionals[0] as string;
      const config = await loadEffectiveConfig(ctx.home);
      const connector = config.connectors.find((c) => c.key === query || c.entry.name === query);
      // A hand-written server is named by its server name (which holds no "@").
      const manual = connector
        ? undefined
        : config.servers.find((s) => s.origin.kind === "manual" && s.name === query);
      if (!connector && !manual)
        throw new ConnectoryError(
          "sandbox.connector.unknown",
          `no installed connector or hand-written server is named "${query}"`,
          { hint: "see `connectory list` and `connectory mcp list`" },
        );
      const found = connector
        ? { key: connector.key, declares: connector.input.permissions !== undefined }
        : { key: query, declares: manual?.sandbox !== undefined };
      let changed = false;
      await updateSandboxFile(ctx.home, (file) => {
        const { [found.key]: was, ...rest } = file.off;
        changed = off ? was === undefined : was !== undefined;
        return {
          ...file,
          off: off ? { ...rest, [found.key]: was ?? { at: ctx.now().toISOString() } } : rest,
        };
      });
      const declares = found.declares;
      return {
        data: { connector: found.key, sandbox: off ? "off" : "on", changed, declaresPermissions: declares },
        text: off
          ? `${found.key} now runs unsandboxed${declares ? " (its declared permissions are not enforced)" : ""}`
          : `${found.key} runs in its sandbox again${declares ? "" : " (it declares no permissions: unrestricted)"}`,
      };
    },
  };
}
