import { isConnectoryError } from "../../src/core/errors.js";
import { defineCommand } from "../command.js";
import { removeConnector } from "../install/remove-connector.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { pruneInactiveSkills } from "../hosts/skill-prune.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";
import { leftoversOf, removeLeftover, type Leftover } from "../install/leftovers.js";
import { say } from "../terminal/language.js";
import { status } from "../terminal/output.js";

const command = defineCommand({
  usage: "uninstall <name>[@marketplace]",
  description: `
Removes an installed connector: its record in plugins/installed.json first (from then on it is gone for
every command), then its stored credentials and pinned tools, then its folder in plugins/cache. Host config files written
by \`config export\` keep their entries until the next export: the command that updates each is printed.
The connector's exported skills are removed from the skills folders at once (unless edited since).
For a connector with no record but credentials or cached files left (an uninstall or install that was
interrupted; \`connectory doctor\` lists them), it removes what is left.`,
  positionals: { min: 1, max: 1, complete: ["connector"] },
  async run(args, ctx) {
    const ref = args.positionals[0] as string;
    let found: ReturnType<typeof findInstalled>;
    try {
      found = findInstalled(await readInstalled(ctx.home), ref);
    } catch (error) {
      if (!isConnectoryError(error) || error.code !== "connector.not-installed") throw error;
      const left = await leftoversOf(ctx.home, ref);
      if (left.length === 0) throw error;
      return finishInterrupted(ctx.home, left);
    }
    const { key, entry } = found;
    const removed = await removeConnector(ctx.home, key, entry);
    for (const note of await staleExportNotes(ctx)) status(ctx, note);
    for (const note of await pruneInactiveSkills(ctx.home, ctx.now())) status(ctx, note);
    const data = {
      name: entry.name,
      marketplace: entry.marketplace,
      version: entry.version,
      credentialsRemoved: removed.hadCredentials,
    };
    return {
      data,
      text: say(removed.hadCredentials ? "uninstall.done-credentials" : "uninstall.done", {
        name: entry.name,
        version: entry.version,
        marketplace: entry.marketplace,
      }),
    };
  },
});
export default command;

/** Finishes an interrupted uninstall (or cleans up after an interrupted install): no record is left. */
async function finishInterrupted(home: string, left: Leftover[]) {
  const removed: Array<{ name: string; marketplace: string; credentials: boolean; cache: boolean }> = [];
  for (const l of left) {
    const done = await removeLeftover(home, l);
    removed.push({ name: l.name, marketplace: l.marketplace, ...done });
  }
  const what = (r: (typeof removed)[number]) =>
    [r.credentials ? say("uninstall.its-credentials") : "", r.cache ? say("uninstall.its-cache") : ""]
      .filter(Boolean)
      .join(say("uninstall.and"));
  const lines = removed.map((r) =>
    what(r) === ""
      ? say("uninstall.reinstalled", { ref: `${r.name}@${r.marketplace}` })
      : say("uninstall.leftovers", { ref: `${r.name}@${r.marketplace}`, what: what(r) }),
  );
  return { data: { leftovers: removed }, text: lines.join("\n") };
}
