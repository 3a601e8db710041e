/** `yank` and `unyank`: a published version that ranges and latest skip. */
import { defineCommand, type Command } from "../command.js";
import { MARKETPLACE_OPTION, ownerSession, parseExact } from "../registry/owner-session.js";
import { say } from "../terminal/language.js";

/** `yank` / `unyank`: marks one published version (not) yanked. Owner only. */
export function yankCommand(yanked: boolean): Command {
  const verb = yanked ? "yank" : "unyank";
  return defineCommand({
    usage: `${verb} <name>@<version> [--marketplace <name>] [--json]`,
    description: yanked
      ? `
Yanks one published version: no range, tag or \`latest\` picks it any more, and dist-tags pointing at
it are removed; an exact pin (\`install name@1.2.3\`) still installs it, with a warning. Nothing is
deleted: \`connectory unyank\` undoes it. Only the owning publisher's token may (\`connectory login\`).
--json prints { name, version, yanked, marketplace, distTags }.`
      : `
Undoes a yank: the version can be picked by ranges and \`latest\` again (dist-tags removed by the yank
stay removed). Only the owning publisher's token may (\`connectory login\`).
--json prints { name, version, yanked, marketplace, distTags }.`,
    options: { ...MARKETPLACE_OPTION },
    positionals: { min: 1, max: 1, complete: ["connector"] },
    async run(args, ctx) {
      const { name, version } = parseExact(args.positionals[0] as string, `connectory ${verb} weather@1.2.3`);
      const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
      const result = await client.setYanked(name, version, yanked);
      return {
        data: { name, version, yanked, marketplace: marketplace.name, distTags: result.distTags },
        text: say(yanked ? "yank.done" : "unyank.done", { name, version, marketplace: marketplace.name }),
      };
    },
  });
}

export default yankCommand(true);
