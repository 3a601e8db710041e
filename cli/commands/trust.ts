/** `trust` and `untrust`: a hand-written server's trusted launch spec (and re-approved tools). */
import { sensitiveValues } from "../../src/core/merge/redact.js";
import { fingerprintSpec } from "../../src/core/merge/spec-hash.js";
import type { Permissions } from "../../src/core/sandbox/permissions.js";
import { permissionText } from "../terminal/permission-text.js";
import { defineCommand } from "../command.js";
import { readManualServers } from "../home/manual-servers.js";
import { launchLine, visibleServer } from "../terminal/server-view.js";
import { updateTrust } from "../home/trust-store.js";
import { type Approval, approveTools } from "../mcp/approve-tools.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { warn } from "../terminal/output.js";
import { serverPins } from "../home/pins-store.js";
import { flagLine } from "../../src/core/tools/tool-flags.js";
import { localizedError, say } from "../terminal/language.js";

const command = defineCommand({
  usage: "trust <server> [--yes]",
  description: `
Trusts a hand-written server of $CONNECTORY_HOME/mcp.json so it becomes active. Trust is bound to the
exact launch spec shown (command, args, env, cwd / transport, url, headers): editing any of them makes
the server untrusted again until you review and trust it once more. Only hashes are stored (trust.json).
Connector servers need no trust to run: installing the connector was the decision. For them, and for
trusted hand-written servers, \`trust <server>\` re-approves tools that changed since they were pinned
(\`connectory doctor\` shows the change; \`run\` refuses the changed tools until then).
Tools with instruction-like content (see \`connectory inspect\`) are listed first and approved only
after a yes on a terminal, or with --yes.`,
  options: {
    yes: {
      type: "boolean",
      short: "y",
      description: "approve tools with instruction-like content without asking",
    },
  },
  positionals: { min: 1, max: 1, complete: ["server"] },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const accept = args.values.yes === true;
    const doc = await readManualServers(ctx.home);
    const spec = Object.hasOwn(doc.servers, name) ? doc.servers[name] : undefined;
    if (spec === undefined) {
      // A connector's server needs no trust to run, but re-approving its drifted tools is `trust` too.
      const connectorServer = (await loadEffectiveConfig(ctx.home)).servers.find(
        (s) => s.name === name && s.origin.kind === "connector",
      );
      if (connectorServer) return approvalResult(await approveTools(ctx, name, { accept }));
      throw localizedError(
        "trust.server.unknown",
        { key: "trust.unknown", params: { name, file: doc.file } },
        { key: "trust.unknown-hint" },
      );
    }
    // The fingerprint is of the spec read above, the one printed below: the user trusts what they see.
    const fingerprint = fingerprintSpec(spec, doc.permissions[name]);
    await updateTrust(ctx.home, (file) => ({
      servers: { ...file.servers, [name]: { ...fingerprint, trustedAt: ctx.now().toISOString() } },
    }));
    const shown = visibleServer(spec, sensitiveValues(spec), false);
    // Already pinned (used before): trusting again also re-approves its current tools.
    if (await serverPins(ctx.home, name)) {
      const approval = await approveTools(ctx, name, { accept }).catch((error: Error) => {
        warn(ctx, say("trust.not-reapproved", { name, message: error.message }));
        return undefined;
      });
      if (approval) {
        const result = approvalResult(approval);
        return {
          data: { name, trusted: true, sha256: fingerprint.sha256, server: shown, tools: result.data },
          text: `${say("trust.trusted", { name, launch: launchLine(shown) })}${sandboxLine(doc.permissions[name])}\n${result.text}`,
        };
      }
    }
    return {
      data: { name, trusted: true, sha256: fingerprint.sha256, server: shown },
      text: `${say("trust.trusted", { name, launch: launchLine(shown) })}${sandboxLine(doc.permissions[name])}\n${say("trust.edit-needs", { name })}`,
    };
  },
});
export default command;

/** What re-approving a server's tools changed, for the output of `trust`. */
function approvalResult(a: Approval): { data: Approval; text: string } {
  const head = say(a.drift.length ? "trust.approved" : "trust.pinned", { n: a.tools, server: a.server });
  const flags = a.flags.map((f) => say("trust.accepted-flag", { flag: flagLine(f) }));
  return { data: a, text: [head, ...a.diff.map((l) => `  ${l}`), ...flags].join("\n") };
}

/** The permissions block a hand-written server runs sandboxed to, as a line of the trust output. */
function sandboxLine(permissions: Permissions | undefined): string {
  return permissions
    ? `\n${say("mcp.sandboxed", { permissions: permissionText(permissions).join("; ") })}`
    : "";
}

export const untrustCommand = defineCommand({
  usage: "untrust <server>",
  description: `
Withdraws trust from a hand-written server: it stays in mcp.json but becomes inactive (untrusted).`,
  positionals: { min: 1, max: 1, complete: ["server"] },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    let was = false;
    await updateTrust(ctx.home, (file) => {
      const { [name]: gone, ...servers } = file.servers;
      was = gone !== undefined;
      return { servers };
    });
    return {
      data: { name, trusted: false, changed: was },
      text: say(was ? "trust.untrusted" : "trust.was-not", { name }),
    };
  },
});
