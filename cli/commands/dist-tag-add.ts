import type { Command } from "../command.js";
import { MARKETPLACE_OPTION, checkTag, ownerSession, parseExact } from "../registry/owner-session.js";

const command: Command = {
  usage: "dist-tag add <name>@<version> <tag> [--marketplace <name>] [--json]",
  description: `
Points a dist-tag (beta, next, …) at a published version; \`install <name>@<tag>\` then installs it.
Setting \`latest\` overrides the computed newest stable version. A tag cannot point at a yanked version.
Only the owning publisher's token may (\`connectory login\`).
--json prints { name, tag, version, marketplace, distTags }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [spec, rawTag] = args.positionals as [string, string];
    const { name, version } = parseExact(spec, "connectory dist-tag add weather@2.0.0-rc.1 next");
    const tag = checkTag(rawTag);
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const result = await client.setDistTag(name, tag, version);
    return {
      data: { name, tag, version, marketplace: marketplace.name, distTags: result.distTags },
      text: `${tag}: ${name}@${version} (${marketplace.name})`,
    };
  },
};
export default command;
