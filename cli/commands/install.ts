import { stringList, type Command } from "../command.js";
import { describeOutcome, installConnector } from "../install/install-connector.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { status, warn } from "../terminal/output.js";

const command: Command = {
  usage: "install <name>[@range|@tag] [--marketplace m] [--config KEY=VALUE]… [--yes]",
  description: `
Resolves the version (ranges and tags skip yanked versions; an exact pin installs a yanked one with a
warning), downloads the tarball, checks its sha512 against the registry's before unpacking, unpacks it to
plugins/cache/<marketplace>/<name>/<version>/ and records it in plugins/installed.json.
Credentials come from --config KEY=VALUE, environment variables named like the key, or a hidden prompt
on a terminal. Without a terminal (or with --yes) and without every required value, the connector is
installed with status needs-credentials and the command that completes it is printed.
A bare name records ^<version>, so \`connectory update\` stays within that major version.`,
  options: {
    marketplace: {
      type: "string",
      short: "m",
      value: "name",
      description: "the marketplace to install from (default: the default marketplace)",
    },
    config: {
      type: "string",
      short: "c",
      multiple: true,
      value: "KEY=VALUE",
      description: "a credential of the connector's token-schema.json",
    },
    yes: {
      type: "boolean",
      short: "y",
      description: "never prompt: a connector lacking credentials is installed as needs-credentials",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const marketplace = args.values.marketplace;
    const outcome = await installConnector(ctx, {
      spec: args.positionals[0] as string,
      ...(typeof marketplace === "string" ? { marketplace } : {}),
      config: stringList(args.values.config),
      yes: args.values.yes === true,
    });
    // The text result already says how to finish; a --json consumer's person still needs to read it.
    if (outcome.status === "needs-credentials" && ctx.json) {
      warn(ctx, `${outcome.name} needs ${outcome.missing.join(", ")}; run: ${outcome.fix}`);
    }
    for (const note of await staleExportNotes(ctx)) status(ctx, note);
    return { data: outcome, text: describeOutcome(outcome) };
  },
};
export default command;
