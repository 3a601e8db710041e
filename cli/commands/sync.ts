import { defineCommand, stringList } from "../command.js";
import { ENV_OPTIONS, envConsent } from "../install/collect-credentials.js";
import { projectDrift } from "../project/project-drift.js";
import { requireProject } from "../project/project-files.js";
import { syncNotes, syncProject } from "../project/sync-project.js";
import { driftText, syncText } from "../project/sync-text.js";
import { warn } from "../terminal/output.js";
import { say } from "../terminal/language.js";

const command = defineCommand({
  usage:
    "sync [--frozen] [--check] [--config [<connector>.]KEY=VALUE]… [--config-from-env | --config-env KEY…] [--accept-env] [--yes]",
  description: `
Makes this machine match the project in this folder (connectory.json and connectory.lock, see
docs/projects.md): installs exactly the locked versions (never newer, even when the registry has them),
verifying each against the registry's signature and the lock's integrity; asks on a terminal for
credentials a connector still needs (hidden), or takes them from --config KEY=VALUE (every connector
that declares KEY), --config <connector>.KEY=VALUE (that one) and, for CI, --config-from-env; without a
terminal a connector missing a required credential is reported as needs-credentials and the rest still
sync. Writes the project host files the manifest lists (\`connectory run <server>\`, byte-identical on
every machine with the same lock) and removes the connectors it had installed for the project that the
lock no longer lists. Connectors the manifest lists and the lock lacks (or whose range changed) are
resolved and the lock is rewritten.
--frozen (CI) changes nothing and fails when the manifest and the lock disagree, or a locked version
is gone. A lock whose integrity is not what the registry serves is refused (project.lock.integrity).
Sets the guard modes, gateway profiles and sandbox grants connectory.json lists (and removes the ones
an earlier sync set that it no longer lists); a grant reaching further than the connector's declared
permissions is shown and set only once you accept it (--yes, or "y" on a terminal).
--check changes nothing and exits 1 when this machine has drifted from the lock.`,
  options: {
    frozen: {
      type: "boolean",
      description: "fail without changing anything when connectory.json and the lock disagree",
    },
    check: { type: "boolean", description: "only report drift from the lock; exit 1 when there is some" },
    config: {
      type: "string",
      short: "c",
      multiple: true,
      value: "[connector.]KEY=VALUE",
      description: "a credential for every connector that declares KEY, or for the one named",
    },
    ...ENV_OPTIONS,
    yes: {
      type: "boolean",
      short: "y",
      description: "accept new permissions and sandbox grants wider than a connector declares",
    },
    "accept-env": {
      type: "boolean",
      description: "accept server env keys that change how code is loaded (LD_PRELOAD, NODE_OPTIONS…)",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    if (args.values.check === true) {
      const drift = await projectDrift(ctx, await requireProject(ctx.cwd));
      return { data: drift, text: driftText(drift), exitCode: drift.drift.length > 0 ? 1 : 0 };
    }
    const report = await syncProject(ctx, {
      frozen: args.values.frozen === true,
      config: stringList(args.values.config),
      fromEnv: envConsent(args.values),
      acceptEnv: args.values["accept-env"] === true,
      yes: args.values.yes === true,
    });
    for (const note of syncNotes(report)) warn(ctx, note);
    const missing = report.connectors.filter((c) => c.status === "needs-credentials");
    if (missing.length > 0 && ctx.json)
      warn(
        ctx,
        missing.map((c) => say("project.needs", { name: c.name, keys: c.missing.join(", ") })).join("; "),
      );
    return { data: report, text: syncText(report) };
  },
});
export default command;
