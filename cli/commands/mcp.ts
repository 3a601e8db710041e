/** `mcp add`, `mcp list` and `mcp remove`: the hand-written servers of $CONNECTORY_HOME/mcp.json. */
import path from "node:path";
import { sensitiveValues } from "../../src/core/merge/redact.js";
import { fingerprintSpec } from "../../src/core/merge/spec-hash.js";
import { isRemote } from "../../src/core/types.js";
import {
  describePermissions,
  type Permissions,
  type SandboxRequest,
} from "../../src/core/sandbox/permissions.js";
import { permissionText } from "../terminal/permission-text.js";
import {
  grantWarnings,
  launchWarnings,
  MCP_ADD_OPTIONS,
  permissionsFromArgs,
  specFromArgs,
} from "../mcp/manual-server-args.js";
import { defineCommand } from "../command.js";
import { editManualServers, readManualServers } from "../home/manual-servers.js";
import { launchLine, visibleServer } from "../terminal/server-view.js";
import { readTrust, updateTrust } from "../home/trust-store.js";
import { warn } from "../terminal/output.js";
import { mergeServers } from "../../src/core/merge.js";
import { localizedError, say, sayEnglish } from "../terminal/language.js";
import { textTable } from "../terminal/text-table.js";
import { readSandboxFile } from "../home/sandbox-store.js";
import { readCredentials, updateCredentials } from "../credentials/credentials-store.js";
import { removePins } from "../home/pins-store.js";
import { inactiveReasonEnglish } from "../terminal/inactive-reason.js";

export const addCommand = defineCommand({
  usage:
    "mcp add <server> (--url <url> [--header K:V]… [--transport http|sse] | -- <command> [args…]) [--env K=V]… [--allow-net <host>]… [--allow-read <path>]… [--allow-write <path>]… [--no-network]",
  description: `
Adds a hand-written server to $CONNECTORY_HOME/mcp.json, editing the file in place: your comments and
formatting stay as they are, the previous file is backed up in $CONNECTORY_HOME/backups/.

  connectory mcp add notes -- node /opt/notes/server.js --root ~/notes
  connectory mcp add linear --url https://mcp.linear.app/mcp --header "Authorization: Bearer …"

Hand-written servers stay inactive until trusted (connectory trust <server>, or --trust here); trust
covers the exact command, args, env, cwd / url, headers and transport, so any later edit needs a new trust.
--force replaces an existing server of the same name.

--allow-net, --allow-read, --allow-write and --no-network write a "permissions" block into the entry
(the shape of a connector's plugin.json permissions): the server then runs in the sandbox with only
those hosts (or "any"), folders and files, and no network when no --allow-net is given.

  connectory mcp add notes --allow-write ~/notes --allow-net api.example.com -- node /opt/notes/server.js

A warning (stderr, and \`warnings\` in --json) says when the command is not on PATH or not a file, or
when a script or path argument does not exist here; the server is added all the same.`,
  options: MCP_ADD_OPTIONS,
  positionals: { min: 1, max: 1 },
  allowRest: true,
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const spec = specFromArgs(name, args);
    const permissions = permissionsFromArgs(args, ctx.cwd, isRemote(spec));
    const { doc, backup } = await editManualServers(ctx.home, ctx.now(), (current) => {
      if (Object.hasOwn(current.servers, name) && args.values.force !== true) {
        throw localizedError(
          "mcp.server.exists",
          { key: "mcp.exists", params: { name, file: current.file } },
          { key: "mcp.exists-hint", params: { name } },
        );
      }
      return { name, value: permissions ? { ...spec, permissions } : spec };
    });
    const trusted = args.values.trust === true;
    if (trusted) {
      await updateTrust(ctx.home, (file) => ({
        servers: {
          ...file.servers,
          [name]: { ...fingerprintSpec(spec, permissions), trustedAt: ctx.now().toISOString() },
        },
      }));
    }
    const shown = visibleServer(spec, sensitiveValues(spec), false);
    const said = [...launchWarnings(spec, ctx.cwd, ctx.env), ...grantWarnings(permissions)];
    for (const w of said) warn(ctx, say(w.key, w.params));
    const warnings = said.map((w) => sayEnglish(w.key, w.params));
    const lines = [say("mcp.added", { name, file: doc.file, launch: launchLine(shown) })];
    if (backup) lines.push(say("mcp.backup", { backup }));
    if (permissions)
      lines.push(say("mcp.sandboxed", { permissions: permissionText(permissions).join("; ") }));
    lines.push(trusted ? say("mcp.trusted") : say("mcp.untrusted", { name }));
    return {
      data: {
        name,
        file: doc.file,
        server: shown,
        trusted,
        warnings,
        ...(permissions ? { permissions } : {}),
        ...(backup ? { backup } : {}),
      },
      text: lines.join("\n"),
    };
  },
});

export const listCommand = defineCommand({
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
      ...(s.why ? { reason: inactiveReasonEnglish(s) } : {}),
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
        text: say("mcp.none", { file: doc.file }),
      };
    }
    const table = textTable(
      [say("mcp.h-name"), say("mcp.h-trust"), say("mcp.h-sandbox"), say("mcp.h-launch")],
      servers.map((s, i) => [
        s.name,
        s.trusted ? "trusted" : s.changed ? "changed" : "untrusted",
        s.permissions ? sandboxCell(merged.servers[i]!.sandbox) : "-",
        launchLine(s.server),
      ]),
    );
    const untrusted = servers.filter((s) => !s.trusted).map((s) => s.name);
    const hint = untrusted.length ? `\n\n${say("mcp.inactive", { name: untrusted[0]! })}` : "";
    return { data: { file: doc.file, servers }, text: `${doc.file}\n\n${table}${hint}` };
  },
});

/** The permissions in a table cell: "unrestricted", or the network and the number of grants. */
function sandboxCell(sandbox: SandboxRequest | undefined): string {
  if (!sandbox) return say("mcp.cell-unrestricted");
  const net = sandbox.permissions.network ?? "none";
  const n = (sandbox.permissions.filesystem ?? []).length;
  const reach =
    net === "none"
      ? say("mcp.cell-net-none")
      : net === "any"
        ? say("mcp.cell-net-any")
        : say("mcp.cell-net-only", { hosts: net.join(", ") });
  return reach + say(n === 1 ? "mcp.cell-path" : "mcp.cell-paths", { n });
}

export const removeCommand = defineCommand({
  usage: "mcp remove <server>",
  description: `
Removes a hand-written server from $CONNECTORY_HOME/mcp.json, in place (comments and formatting kept,
the previous file backed up in $CONNECTORY_HOME/backups/), and forgets its trust, its pinned tools and the secrets
\`connectory import\` stored for it. Servers that come from
an installed connector are turned off with \`connectory disable <name>\` instead.`,
  positionals: { min: 1, max: 1, complete: ["server"] },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const { doc, backup } = await editManualServers(ctx.home, ctx.now(), (current) => {
      if (!Object.hasOwn(current.servers, name)) {
        throw localizedError(
          "mcp.server.unknown",
          { key: "mcp.unknown", params: { name, file: current.file } },
          { key: "mcp.unknown-hint" },
        );
      }
      return { name, value: undefined };
    });
    await updateTrust(ctx.home, (file) => {
      const { [name]: _gone, ...servers } = file.servers;
      return { servers };
    });
    if (Object.hasOwn((await readCredentials(ctx.home)).servers, name)) {
      await updateCredentials(ctx.home, (file) => {
        const { [name]: _gone, ...servers } = file.servers;
        return { ...file, servers };
      });
    }
    // A hand-written server always holds its name, so the pins under it are its own.
    await removePins(ctx.home, (server) => server === name);
    const lines = [say("mcp.removed", { name, file: doc.file })];
    if (backup) lines.push(say("mcp.backup", { backup }));
    return { data: { name, file: doc.file, ...(backup ? { backup } : {}) }, text: lines.join("\n") };
  },
});
