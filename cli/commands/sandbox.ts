/** `sandbox off`, `sandbox on` and `sandbox all`: which servers run in the sandbox. */
import { type Command, defineCommand } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { updateSandboxFile } from "../home/sandbox-store.js";
import { isRemote } from "../../src/core/types.js";
import { readManualServers } from "../home/manual-servers.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";

/** `sandbox off|on <connector>`: let one connector run without its sandbox, or restore it. */
export function sandboxToggle(off: boolean): Command {
  return defineCommand({
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
        throw localizedError(
          "sandbox.connector.unknown",
          { key: "sandbox.unknown", params: { query } },
          { key: "sandbox.unknown-hint" },
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
        text: say(
          off
            ? declares
              ? "sandbox.off-declares"
              : "sandbox.off"
            : declares
              ? "sandbox.on"
              : "sandbox.on-undeclared",
          { key: found.key },
        ),
      };
    },
  });
}

/** `sandbox all on|off`: sandbox every hand-written stdio server, even one that declares nothing. */
export const allCommand = defineCommand({
  usage: "sandbox all <on|off>",
  description: `
A hand-written server (mcp.json) with a "permissions" block runs sandboxed to it; one without runs
unrestricted, as any program you start. \`sandbox all on\` sandboxes those too: they run with no network
and none of your home (system files read-only, a private /tmp) until you give them a block
(\`connectory mcp add <server> --allow-read <path> --allow-net <host> … --force\`) or exempt one
(\`connectory sandbox off <server>\`). Connectors keep what they declare. \`sandbox all off\` is the
default. Recorded in $CONNECTORY_HOME/sandbox.json ("all").`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const value = args.positionals[0] as string;
    if (value !== "on" && value !== "off")
      throw localizedUsageError({ key: "sandbox.on-or-off", params: { value: value.slice(0, 40) } });
    const all = value === "on";
    let changed = false;
    await updateSandboxFile(ctx.home, (file) => {
      changed = (file.all === true) !== all;
      const { all: _was, ...rest } = file;
      return all ? { ...rest, all: true } : rest;
    });
    // The hand-written stdio servers this setting decides for: those without a block of their own.
    const doc = await readManualServers(ctx.home);
    const affected = Object.entries(doc.servers)
      .filter(([name, spec]) => !isRemote(spec) && !Object.hasOwn(doc.permissions, name))
      .map(([name]) => name);
    return {
      data: { sandboxAll: all, changed, servers: affected },
      text: say(all ? "sandbox.all-on" : "sandbox.all-off", {
        servers: affected.length ? ` (${affected.join(", ")})` : "",
      }),
    };
  },
});
