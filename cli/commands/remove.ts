import { defineCommand } from "../command.js";
import { editManifest, requireProject } from "../project/project-files.js";
import { syncNotes, syncProject } from "../project/sync-project.js";
import { syncText } from "../project/sync-text.js";
import { warn } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

const command = defineCommand({
  usage: "remove <name>",
  description: `
Removes a connector from the project in this folder: edits connectory.json (comments and order kept),
then syncs: the lock and the project host files no longer list it, and it is uninstalled from this
machine if \`sync\` had installed it for this project (one you installed yourself, or that another
project uses, stays). Its entry in "grants" is removed with it, and the sandbox grants the project set
for it leave this home.`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const project = await requireProject(ctx.cwd);
    if (!Object.hasOwn(project.manifest.connectors, name))
      throw localizedError(
        "project.connector.unknown",
        { key: "project.not-listed", params: { name } },
        {
          key: "project.it-lists",
          params: {
            names: Object.keys(project.manifest.connectors).join(", ") || say("project.lists-nothing"),
          },
        },
        { usage: true },
      );
    const report = await syncProject(ctx, {
      // Its sandbox grants go with it (a grant must name a connector of the project).
      edit: async (p) =>
        editManifest(
          Object.hasOwn(p.manifest.grants, name) ? await editManifest(p, ["grants"], [{ name }]) : p,
          ["connectors"],
          [{ name }],
        ),
    });
    for (const note of syncNotes(report)) warn(ctx, note);
    return { data: { name, ...report }, text: `${say("project.removed", { name })}\n${syncText(report)}` };
  },
});
export default command;
