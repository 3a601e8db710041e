import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import { defineCommand } from "../command.js";
import { ENV_OPTIONS, envConsent } from "../install/collect-credentials.js";
import { describeOutcome } from "../install/install-connector.js";
import { findInstalled, readInstalled, type InstalledEntry } from "../home/installed-store.js";
import { warn } from "../terminal/output.js";
import { findProject } from "../project/project-files.js";
import { syncNotes, syncProject } from "../project/sync-project.js";
import { syncText } from "../project/sync-text.js";
import { describeChanges } from "../install/update-changes.js";
import { updateConnector, type UpdateResult } from "../install/update-connector.js";
import { errorText, localizedError, say } from "../terminal/language.js";

const command = defineCommand({
  usage:
    "update [<name>[@marketplace]] [--config-from-env | --config-env KEY…] [--yes] [--accept-env] [--allow-provenance-downgrade]",
  description: `
Updates installed connectors (all, or the one named) to the newest version their recorded range allows
(\`install tushare\` records ^<version>; \`install tushare@latest\` follows the latest tag). Credentials
are kept; a new one is read from the environment only with --config-from-env (keys without a stored
value) or --config-env KEY (replaces the stored value). What changes in servers (command, args, url, headers, env) and credentials is printed; a
changed launch spec or new required credentials is applied only after you confirm on a terminal, or
with --yes. A new env key that changes how code is loaded (LD_PRELOAD, NODE_OPTIONS, npm_config_*…)
needs --accept-env or "y" at the prompt: --yes does not accept it. A version whose permissions reach
further than those you accepted (more network, a new folder, write where it read, or none declared)
is applied only after "y" or with --yes; until then the installed version keeps running.
Every version is verified first (the registry's signature, the transparency log: docs/security.md). A
version without build provenance, when an earlier version had it, is a trust downgrade and is refused
(update.trust.downgrade) unless --allow-provenance-downgrade is given.
Cached versions no longer used are removed.
In a project folder (connectory.json, docs/projects.md), \`update\` [name] updates the project's
connectors instead: each within its manifest range, connectory.lock rewritten, then synced like
\`connectory sync\` (a name the manifest does not list updates your installed connector as above).`,
  options: {
    yes: {
      type: "boolean",
      short: "y",
      description:
        "apply a changed launch spec, new required credentials or wider permissions without asking",
    },
    ...ENV_OPTIONS,
    "accept-env": {
      type: "boolean",
      description: "accept server env keys that change how code is loaded (LD_PRELOAD, NODE_OPTIONS…)",
    },
    "allow-provenance-downgrade": {
      type: "boolean",
      description: "update to a version without build provenance although an earlier version had it",
    },
  },
  positionals: { max: 1, complete: ["connector"] },
  async run(args, ctx) {
    const ref = args.positionals[0];
    const project = await findProject(ctx.cwd);
    if (project && (ref === undefined || Object.hasOwn(project.manifest.connectors, ref))) {
      const report = await syncProject(ctx, {
        relock: ref === undefined ? "all" : [ref],
        fromEnv: envConsent(args.values),
        acceptEnv: args.values["accept-env"] === true,
        yes: args.values.yes === true,
      });
      for (const note of syncNotes(report)) warn(ctx, note);
      return { data: report, text: syncText(report) };
    }
    const installed = await readInstalled(ctx.home);
    const targets: InstalledEntry[] = ref
      ? [findInstalled(installed, ref).entry]
      : Object.values(installed).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (targets.length === 0) return { data: { results: [] }, text: "nothing is installed" };
    const results: Array<
      | UpdateResult
      | { kind: "failed"; name: string; marketplace: string; error: { code: string; message: string } }
    > = [];
    for (const entry of targets) {
      try {
        results.push(
          await updateConnector(ctx, entry, {
            yes: args.values.yes === true,
            acceptEnv: args.values["accept-env"] === true,
            fromEnv: envConsent(args.values),
            allowDowngrade: args.values["allow-provenance-downgrade"] === true,
          }),
        );
      } catch (error) {
        // One connector's failure must not stop the others; a single named one fails the command.
        if (ref || !isConnectoryError(error)) throw error;
        const text = errorText(error);
        warn(ctx, `${entry.name}: ${text.message}${text.hint ? ` (${text.hint})` : ""}`);
        results.push({
          kind: "failed",
          name: entry.name,
          marketplace: entry.marketplace,
          error: { code: error.code, message: error.message },
        });
      }
    }
    const lines: string[] = [];
    for (const r of results) {
      if (r.kind === "updated")
        lines.push(describeOutcome(r.outcome, "updated"), ...describeChanges(r.changes));
      else if (r.kind === "current")
        lines.push(
          r.note
            ? say("update.current-note", { name: r.name, version: r.version, note: r.note })
            : say("update.current", { name: r.name, version: r.version }),
        );
      else if (r.kind === "declined")
        lines.push(say("update.declined", { name: r.name, from: r.from, to: r.to }));
      else lines.push(say("update.not-updated", { name: r.name, message: r.error.message }));
    }
    const failed = results.filter((r) => r.kind === "failed").length;
    if (failed > 0 && failed === results.length && results.length > 1) {
      throw localizedError(
        "update.failed",
        { key: "update.none-updated" },
        { key: "update.none-updated-hint" },
      );
    }
    return { data: { results }, text: lines.join("\n"), ...(failed > 0 ? { exitCode: 1 } : {}) };
  },
});
export default command;
