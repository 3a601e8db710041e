import path from "node:path";
import { isConnectoryError } from "../../src/core/errors.js";
import { withLock } from "../../src/fs/lock.js";
import type { Command } from "../command.js";
import { connectorLock, pruneVersions } from "../install/commit-version.js";
import { forgetConnectorCredentials, readCredentials } from "../home/credentials-store.js";
import { cacheDir } from "../home/home.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { pruneInactiveSkills } from "../hosts/skill-prune.js";
import { findInstalled, readInstalled, updateInstalled } from "../home/installed-store.js";
import { pinnedFrom, readPins, removePins } from "../home/pins-store.js";
import { leftoversOf, removeLeftover, type Leftover } from "../install/leftovers.js";
import { status } from "../terminal/output.js";

const command: Command = {
  usage: "uninstall <name>[@marketplace]",
  description: `
Removes an installed connector: its record in plugins/installed.json first (from then on it is gone for
every command), then its stored credentials and pinned tools, then its folder in plugins/cache. Host config files written
by \`config export\` keep their entries until the next export: the command that updates each is printed.
The connector's exported skills are removed from the skills folders at once (unless edited since).
For a connector with no record but credentials or cached files left (an uninstall or install that was
interrupted; \`connectory doctor\` lists them), it removes what is left.`,
  positionals: { min: 1, max: 1 },
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
    const removed = await withLock(connectorLock(ctx.home, key), async () => {
      // Read before the first write: a credentials.json that cannot be read must stop the uninstall
      // here, not after the record is gone with the credentials and files left behind.
      const hadCredentials = Object.hasOwn((await readCredentials(ctx.home)).connectors, key);
      await readPins(ctx.home); // the same for pins.json
      await updateInstalled(ctx.home, (all) => {
        const next = { ...all };
        delete next[key];
        return next;
      });
      // The record is gone: from here on every command sees the connector as uninstalled.
      if (hadCredentials) await forgetConnectorCredentials(ctx.home, key);
      await removePins(ctx.home, pinnedFrom(entry.name, entry.marketplace));
      await pruneVersions(
        path.dirname(cacheDir(ctx.home, entry.marketplace, entry.name, entry.version)),
        undefined,
      );
      return { hadCredentials };
    });
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
      text: `uninstalled ${entry.name}@${entry.version} (from ${entry.marketplace})${removed.hadCredentials ? "; its credentials were deleted" : ""}`,
    };
  },
};
export default command;

/** Finishes an interrupted uninstall (or cleans up after an interrupted install): no record is left. */
async function finishInterrupted(home: string, left: Leftover[]) {
  const removed: Array<{ name: string; marketplace: string; credentials: boolean; cache: boolean }> = [];
  for (const l of left) {
    const done = await removeLeftover(home, l);
    removed.push({ name: l.name, marketplace: l.marketplace, ...done });
  }
  const what = (r: (typeof removed)[number]) =>
    [r.credentials ? "its credentials" : "", r.cache ? "its cached files" : ""].filter(Boolean).join(" and ");
  const lines = removed.map((r) =>
    what(r) === ""
      ? `${r.name}@${r.marketplace} was installed again meanwhile; nothing was removed`
      : `${r.name}@${r.marketplace} was not installed; removed what an interrupted install or uninstall left: ${what(r)}`,
  );
  return { data: { leftovers: removed }, text: lines.join("\n") };
}
