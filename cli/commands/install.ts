import { RUNNERS, type Runner } from "../../src/core/launch/pick-launch.js";
import { defineCommand, marketplaceOption, stringList } from "../command.js";
import { ENV_OPTIONS, envConsent } from "../install/collect-credentials.js";
import { describeOutcome, installConnector } from "../install/install-connector.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { status, warn } from "../terminal/output.js";
import { localizedUsageError, say } from "../terminal/language.js";

const command = defineCommand({
  usage:
    "install <name>[@range|@tag] [--marketplace m] [--config KEY=VALUE]… [--config-from-env | --config-env KEY…] [--yes] [--accept-env] [--force] [--prefer runner]",
  description: `
Resolves the version (ranges and tags skip yanked versions; an exact pin installs a yanked one with a
warning), downloads the tarball, checks its sha512 against the registry's before unpacking, unpacks it to
plugins/cache/<marketplace>/<name>/<version>/ and records it in plugins/installed.json.
Credentials come from --config KEY=VALUE or a hidden prompt on a terminal. The environment is read only
when you say so: --config-from-env takes every declared key from the variable of the same name,
--config-env KEY (repeatable) only that key. The output says where each stored value came from.
Without a terminal (or with --yes) and without every required value, the connector is installed with
status needs-credentials and the command that completes it is printed.
--force downloads and unpacks the version again even when the cache holds it: it repairs a cache whose
files changed since the install (run and doctor refuse to launch a bundled server from one). A version
the registry's operators confirmed malicious (a report, see docs/quality.md) is refused with
install.malicious unless --force is given.
A bare name records ^<version>, so \`connectory update\` stays within that major version.
A server env key that changes how code is loaded (LD_PRELOAD, NODE_OPTIONS, npm_config_*, PYTHONPATH…)
must be accepted: --accept-env, or "y" at the prompt on a terminal. --yes does not accept them.
A connector that declares permissions (what its local servers may reach) shows them and installs only
once you accept them: --yes, or "y" at the prompt on a terminal.`,
  options: {
    ...marketplaceOption("the marketplace to install from (default: the default marketplace)"),
    config: {
      type: "string",
      short: "c",
      multiple: true,
      value: "KEY=VALUE",
      description: "a credential of the connector's token-schema.json",
    },
    ...ENV_OPTIONS,
    yes: {
      type: "boolean",
      short: "y",
      description:
        "never prompt: accept its permissions; a connector lacking credentials is installed as needs-credentials",
    },
    force: {
      type: "boolean",
      description:
        "download and unpack again even when cached (repairs a cache changed since install); also installs a version confirmed malicious",
    },
    prefer: {
      type: "string",
      value: "runner",
      description: `of a server's alternative launches, use this runner's when this machine can run it: ${RUNNERS.join(", ")}`,
    },
    "accept-env": {
      type: "boolean",
      description: "accept server env keys that change how code is loaded (LD_PRELOAD, NODE_OPTIONS…)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const marketplace = args.values.marketplace;
    const prefer = args.values.prefer as Runner | undefined;
    if (prefer !== undefined && !RUNNERS.includes(prefer))
      throw localizedUsageError(
        { key: "usage.prefer", params: { prefer: String(prefer) } },
        { key: "usage.prefer-hint", params: { runners: RUNNERS.join(", ") } },
      );
    const outcome = await installConnector(ctx, {
      spec: args.positionals[0] as string,
      ...(marketplace !== undefined ? { marketplace } : {}),
      config: stringList(args.values.config),
      fromEnv: envConsent(args.values),
      yes: args.values.yes === true,
      acceptEnv: args.values["accept-env"] === true,
      force: args.values.force === true,
      ...(prefer !== undefined ? { prefer } : {}),
    });
    // The text result already says how to finish; a --json consumer's person still needs to read it.
    if (outcome.status === "needs-credentials" && ctx.json) {
      warn(
        ctx,
        say("install.needs-json", {
          name: outcome.name,
          keys: outcome.missing.join(", "),
          fix: outcome.fix ?? "",
        }),
      );
    }
    for (const note of await staleExportNotes(ctx)) status(ctx, note);
    return { data: outcome, text: describeOutcome(outcome) };
  },
});
export default command;
