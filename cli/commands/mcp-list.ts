import { mergeServers } from "../../src/core/merge.js";
import type { Command } from "../command.js";
import { readManualServers } from "../home/manual-servers.js";
import { launchLine, visibleServer } from "../terminal/server-view.js";
import { textTable } from "../terminal/text-table.js";
import { readTrust } from "../home/trust-store.js";
import { readSandboxFile } from "../home/sandbox-store.js";
import { describePermissions } from "../../src/core/sandbox/permissions.js";
import { isRemote } from "../../src/core/types.js";

const command: Command = {
  usage: "mcp list [--show-secrets]",
  description: `
Lists the hand-written servers of $CONNECTORY_HOME/mcp.json and whether each is trusted (trust covers
the exact launch spec; an edited server needs \`connectory trust <server>\` again). Secret-looking env
and header values print as *** unless --show-secrets.`,
  options: {
    "show-secrets": {
      type: "boolean",
      description: "print secret values instead of *** (default: redacted)",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const [doc, trust, sandbox] = await Promise.all([
      readManualServers(ctx.home),
      readTrust(ctx.home),
      readSandboxFile(ctx.home),
    ]);
    const merged = mergeServers({
      manual: Object.entries(doc.servers).map(([name, spec]) => {
        const t = Object.hasOwn(trust.servers, name) ? trust.servers[name] : undefined;
        const p = Object.hasOwn(doc.permissions, name) ? doc.permissions[name] : undefined;
        return { name, spec, ...(t ? { trust: t } : {}), ...(p ? { permissions: p } : {}) };
      }),
      manualFile: doc.file,
      connectors: [],
      sandboxAll: sandbox.all === true,
    });
    const show = args.values["show-secrets"] === true;
    const servers = merged.servers.map((s) => ({
      name: s.name,
      trusted: s.status === "active",
      // Trusted once, edited since.
      changed: s.status !== "active" && Object.hasOwn(trust.servers, s.name),
      ...(s.reason ? { reason: s.reason } : {}),
      server: visibleServer(s.server, merged.secretValues, show),
      // What it may reach when it runs: its block, sandbox all's "nothing", or unrestricted.
      ...(isRemote(s.server)
        ? {}
        : {
            permissions: s.sandbox
              ? describePermissions(s.sandbox.permissions)
              : describePermissions(undefined),
          }),
    }));
    if (servers.length === 0) {
      return {
        data: { file: doc.file, servers },
        text: `No hand-written servers in ${doc.file}. Add one: connectory mcp add <server> -- <command> [args…]`,
      };
    }
    const table = textTable(
      ["NAME", "TRUST", "SANDBOX", "LAUNCH"],
      servers.map((s) => [
        s.name,
        s.trusted ? "trusted" : s.changed ? "changed" : "untrusted",
        s.permissions ? sandboxCell(s.permissions) : "-",
        launchLine(s.server),
      ]),
    );
    const untrusted = servers.filter((s) => !s.trusted).map((s) => s.name);
    const hint = untrusted.length ? `\n\nInactive until trusted: connectory trust ${untrusted[0]}` : "";
    return { data: { file: doc.file, servers }, text: `${doc.file}\n\n${table}${hint}` };
  },
};
export default command;

/** The permissions in a table cell: "unrestricted", or the network and the number of grants. */
function sandboxCell(lines: string[]): string {
  if (lines[0]?.startsWith("unrestricted")) return "unrestricted";
  const files = lines.filter((l) => l.startsWith("files: ") && !l.startsWith("files: none"));
  return `${(lines[0] ?? "").replace(/^network: /, "net ")}, ${files.length} path${files.length === 1 ? "" : "s"}`;
}
