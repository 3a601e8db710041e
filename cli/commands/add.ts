import type { CommandContext } from "../context.js";
import semver from "semver";
import { DEFAULT_PROJECT_MARKETPLACE } from "../../src/core/project/manifest.js";
import { resolveVersion } from "../../src/core/resolve-version.js";
import { defineCommand, marketplaceOption, stringList } from "../command.js";
import { readMarketplaces } from "../home/marketplaces-store.js";
import { ENV_OPTIONS, envConsent } from "../install/collect-credentials.js";
import { parseSpec } from "../install/install-connector.js";
import { fetchConnector } from "../registry/open-marketplace.js";
import { editManifest, requireProject, type Project } from "../project/project-files.js";
import { homeMarketplace, projectMarketplaceUrl } from "../project/project-marketplace.js";
import { syncNotes, syncProject } from "../project/sync-project.js";
import { syncText } from "../project/sync-text.js";
import { warn } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

const command = defineCommand({
  usage:
    "add <name>[@range] [--marketplace m] [--config KEY=VALUE]… [--config-from-env | --config-env KEY…] [--yes] [--accept-env]",
  description: `
Adds a connector to the project in this folder: edits connectory.json (its comments, order and
formatting kept), resolves the newest version the range allows (a bare name records ^<newest>),
installs it as \`install\` does (verified; credentials to your own store, never to the project), then
syncs: connectory.lock and the project host files are rewritten. --marketplace names a marketplace the
manifest declares, or one of yours, which is then declared in the manifest with its URL. A connector
whose local servers declare permissions shows them and is added once you accept them: --yes, or "y" at
the prompt; the lock records what was accepted, so teammates' syncs do not ask again.`,
  options: {
    ...marketplaceOption("the marketplace to add it from (default: default)"),
    config: {
      type: "string",
      short: "c",
      multiple: true,
      value: "KEY=VALUE",
      description: "a credential of the connector (stored in your own store, never in the project)",
    },
    ...ENV_OPTIONS,
    yes: { type: "boolean", short: "y", description: "accept its permissions without asking" },
    "accept-env": {
      type: "boolean",
      description: "accept server env keys that change how code is loaded (LD_PRELOAD, NODE_OPTIONS…)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const { name, range: given } = parseSpec(args.positionals[0] as string);
    const project = await requireProject(ctx.cwd);
    const marketplace = args.values.marketplace ?? DEFAULT_PROJECT_MARKETPLACE;
    const declare = await marketplaceToDeclare(ctx, project, marketplace);
    const url = declare ?? (await projectMarketplaceUrl(ctx, project.manifest, marketplace));
    const range = given !== "" ? given : await newestRange(ctx, name, marketplace, url);
    const value = marketplace === DEFAULT_PROJECT_MARKETPLACE ? range : { version: range, marketplace };
    const report = await syncProject(ctx, {
      relock: [name],
      edit: async (p) => {
        const declared = declare
          ? await editManifest(p, ["marketplaces"], [{ name: marketplace, value: declare }])
          : p;
        return editManifest(declared, ["connectors"], [{ name, value }]);
      },
      config: stringList(args.values.config).map((pair) => `${name}.${pair}`),
      fromEnv: envConsent(args.values),
      acceptEnv: args.values["accept-env"] === true,
      yes: args.values.yes === true,
    });
    for (const note of syncNotes(report)) warn(ctx, note);
    const added = report.connectors.find((c) => c.name === name);
    return {
      data: { name, range, marketplace, ...report },
      text: `${added ? say("project.added-locked", { name, range, version: added.version }) : say("project.added", { name, range })}\n${syncText(report)}`,
    };
  },
});
export default command;

/**
 * A marketplace the manifest does not declare yet: one of the user's (its URL goes into the manifest,
 * so teammates see where it installs from); undefined when the manifest has it or it is `default`.
 */
async function marketplaceToDeclare(
  ctx: CommandContext,
  project: Project,
  marketplace: string,
): Promise<string | undefined> {
  if (
    marketplace === DEFAULT_PROJECT_MARKETPLACE ||
    Object.hasOwn(project.manifest.marketplaces, marketplace)
  )
    return undefined;
  const mine = (await readMarketplaces(ctx.home, ctx.env))[marketplace];
  if (!mine)
    throw localizedError(
      "marketplace.unknown",
      { key: "project.marketplace-unknown", params: { marketplace } },
      { key: "project.marketplace-unknown-hint", params: { marketplace } },
    );
  return mine.url.replace(/\/+$/, "");
}

/** `^<newest>` (or `latest` for a connector with only prereleases), as `install` records a bare name. */
async function newestRange(
  ctx: CommandContext,
  name: string,
  marketplace: string,
  url: string,
): Promise<string> {
  const market = await homeMarketplace(ctx, { project: marketplace, url });
  const doc = await fetchConnector(market.client, name, market.name);
  const { version } = resolveVersion(doc, "");
  return semver.prerelease(version) === null ? `^${version}` : "latest";
}
