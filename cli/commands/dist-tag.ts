/** `dist-tag add`, `dist-tag ls` and `dist-tag rm`: a connector's dist-tags on a marketplace. */
import { defineCommand } from "../command.js";
import {
  checkConnectorName,
  checkTag,
  MARKETPLACE_OPTION,
  ownerSession,
  parseExact,
} from "../registry/owner-session.js";
import { fetchConnector, openMarketplace } from "../registry/open-marketplace.js";
import { say } from "../terminal/language.js";

export const addCommand = defineCommand({
  usage: "dist-tag add <name>@<version> <tag> [--marketplace <name>] [--json]",
  description: `
Points a dist-tag (beta, next, …) at a published version; \`install <name>@<tag>\` then installs it.
Setting \`latest\` overrides the computed newest stable version. A tag cannot point at a yanked version.
Only the owning publisher's token may (\`connectory login\`).
--json prints { name, tag, version, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2, complete: ["connector"] },
  async run(args, ctx) {
    const [spec, rawTag] = args.positionals as [string, string];
    const { name, version } = parseExact(spec, "connectory dist-tag add weather@2.0.0-rc.1 next");
    const tag = checkTag(rawTag);
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const result = await client.setDistTag(name, tag, version);
    return {
      data: { name, tag, version, marketplace: marketplace.name, distTags: result.distTags },
      text: say("dist-tag.set", { tag, name, version, marketplace: marketplace.name }),
    };
  },
});

export const lsCommand = defineCommand({
  usage: "dist-tag ls <name> [--marketplace <name>] [--json]",
  description: `
Lists a connector's dist-tags and the version each points at (\`latest\` included when there is one).
Needs no token. --json prints { name, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 1, max: 1, complete: ["connector"] },
  async run(args, ctx) {
    const name = checkConnectorName(args.positionals[0] as string, "connectory dist-tag ls weather");
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, m);
    const doc = await fetchConnector(client, name, marketplace);
    const tags = Object.entries(doc.distTags).sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      data: { name, marketplace, distTags: Object.fromEntries(tags) },
      text: tags.length ? tags.map(([t, v]) => `${t}: ${v}`).join("\n") : say("dist-tag.none", { name }),
    };
  },
});

export const rmCommand = defineCommand({
  usage: "dist-tag rm <name> <tag> [--marketplace <name>] [--json]",
  description: `
Removes a dist-tag. Removing \`latest\` returns it to the computed default (the newest version that is
neither yanked nor a prerelease). Only the owning publisher's token may (\`connectory login\`).
--json prints { name, tag, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2, complete: ["connector"] },
  async run(args, ctx) {
    const [rawName, rawTag] = args.positionals as [string, string];
    const name = checkConnectorName(rawName, "connectory dist-tag rm weather next");
    const tag = checkTag(rawTag);
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const result = await client.removeDistTag(name, tag);
    return {
      data: { name, tag, marketplace: marketplace.name, distTags: result.distTags },
      text: say("dist-tag.removed", { tag, name, marketplace: marketplace.name }),
    };
  },
});
